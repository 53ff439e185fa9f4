"""Administrator's guide of a fictional backup agent, and its revision by a technical writer."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Tidepool Backup Agent: Administrator's Guide (fictional)"
SOURCE = "Written for this test set by the hikaku project; the product, commands and paths are fictional"
LICENCE = "CC0 1.0 (dedicated to the public domain by the hikaku project)"
EDITING = (
    "revision by a technical writer: one action per sentence in procedures, imperative mood, recommendations "
    "stated directly, short notes combined, the installation warning moved before the steps it concerns, "
    "an outdated remark cut and three practical notes added"
)

PARAGRAPHS = [
    [
        same("Tidepool Backup is an agent that copies files from a server to a remote repository on a schedule that you define."),
        same("Each backup is stored as a snapshot, and unchanged data is shared between snapshots so that only new or modified blocks are transferred."),
        split(
            "This guide describes how to install the agent, configure a repository, schedule backups and restore data, and it is intended for system administrators who are familiar with the Linux command line.",
            "This guide describes how to install the agent, configure a repository, schedule backups and restore data.",
            "It is written for system administrators who are familiar with the Linux command line.",
        ),
    ],
    [
        same("The agent runs on 64-bit Linux distributions with kernel 4.19 or later."),
        edit(
            "It requires at least 512 MB of free memory, although 2 GB or more is recommended when backing up more than one million files.",
            "It needs at least 512 MB of free memory; 2 GB or more is recommended for backups of more than one million files.",
        ),
        same("The repository can be a local disk, an NFS share or any object store that supports the S3 protocol."),
        add("Tape drives are not supported as repositories."),
    ],
    [
        move_to(
            "warning",
            "Warning: Do not install the agent on a host that already runs another backup agent; the two agents would compete for locks on the same files.",
        ),
        split(
            "Download the package for your distribution from the release page and verify its checksum against the value published in the SHA256SUMS file.",
            "Download the package for your distribution from the release page.",
            "Verify its checksum against the value published in the SHA256SUMS file.",
        ),
        split(
            "Install the package with your distribution's package manager, for example by running sudo dpkg -i tidepool-agent.deb on Debian and Ubuntu systems.",
            "Install the package with your distribution's package manager.",
            "On Debian and Ubuntu, for example, run sudo dpkg -i tidepool-agent.deb.",
        ),
        same("The installer creates a system user named tidepool and a configuration directory at /etc/tidepool."),
        merge(
            [
                "Start the service.",
                "Run sudo systemctl enable --now tidepool-agent to do so.",
            ],
            "Start the service by running sudo systemctl enable --now tidepool-agent.",
        ),
        same("Check that the agent is running with the command tidepool status."),
        move_from("warning", "Warning: do not install the agent on a host that already runs another backup agent, because both agents will try to lock the same files."),
    ],
    [
        same("Before the first backup you must initialise a repository."),
        split(
            "Run tidepool repo init followed by the repository URL, and enter a passphrase when prompted; the passphrase is used to derive the encryption key and cannot be recovered if it is lost.",
            "Run tidepool repo init followed by the repository URL.",
            "Enter a passphrase when prompted.",
            "The encryption key is derived from this passphrase, and a lost passphrase cannot be recovered.",
        ),
        add("Store the passphrase in your organisation's password manager."),
        same("For S3 repositories, the access key and secret key are read from the environment variables TIDEPOOL_S3_KEY and TIDEPOOL_S3_SECRET."),
        edit(
            "It is recommended that a separate bucket is used for each server so that the retention policy of one server cannot affect the snapshots of another.",
            "Use a separate bucket for each server, so that one server's retention policy cannot affect another server's snapshots.",
        ),
        same("The repository format is versioned, and older agents refuse to write to a repository created by a newer version."),
    ],
    [
        same("Backup jobs are defined in the file /etc/tidepool/jobs.yaml."),
        split(
            "Each job has a name, a list of source paths, an optional list of exclusion patterns and a schedule written in cron syntax, such as 0 2 * * * for a daily run at two in the morning.",
            "Each job has a name, a list of source paths, an optional list of exclusion patterns and a schedule in cron syntax.",
            "For example, 0 2 * * * runs the job daily at two in the morning.",
        ),
        same("After editing the file, reload the agent with sudo systemctl reload tidepool-agent."),
        edit(
            "Jobs which overlap in time will not be run concurrently; instead, the second job is queued and will be started when the first one has completed.",
            "The agent never runs two jobs at once: a job that falls due while another is running waits in a queue until that one finishes.",
        ),
        same("Exclusion patterns use the same syntax as .gitignore files."),
        merge(
            [
                "Caches and temporary directories should normally be excluded.",
                "This reduces the size of each snapshot.",
                "It also shortens the backup window.",
            ],
            "Excluding caches and temporary directories usually makes each snapshot smaller and shortens the backup window.",
        ),
        same("By default, the agent does not follow symbolic links and does not cross file system boundaries."),
    ],
    [
        same("Old snapshots are removed according to the retention policy of the job."),
        split(
            "The default policy keeps the last seven daily snapshots, the last four weekly snapshots and the last twelve monthly snapshots, and you can change these numbers with the keep_daily, keep_weekly and keep_monthly settings.",
            "The default policy keeps the last seven daily snapshots, the last four weekly snapshots and the last twelve monthly snapshots.",
            "You can change these numbers with the keep_daily, keep_weekly and keep_monthly settings.",
        ),
        same("Removing a snapshot does not immediately free space in the repository."),
        edit(
            "Space is reclaimed when the prune command is run, which by default happens once a week on Sunday at 03:00.",
            "Space is reclaimed only when the prune command runs, by default every Sunday at 03:00.",
        ),
        delete("Pruning a large repository can take several hours."),
        same("Do not interrupt a running prune operation, as this can leave the repository locked."),
        add("If an interrupted prune has left the repository locked, run tidepool repo unlock."),
    ],
    [
        same("To list the snapshots of a job, run tidepool snapshots followed by the job name."),
        split(
            "To restore files, run tidepool restore with the snapshot ID and a target directory, and the agent will recreate the original directory structure under the target directory with the original permissions and timestamps.",
            "To restore files, run tidepool restore with the snapshot ID and a target directory.",
            "The agent recreates the original directory structure under the target directory, with the original permissions and timestamps.",
        ),
        same("You can restore individual files by adding the --include option with a path pattern."),
        split(
            "Restoring directly over the original location is possible with the --in-place option but is not recommended, because files that were created after the snapshot will be left in place and may be inconsistent with the restored files.",
            "You can restore directly over the original location with the --in-place option, but we advise against it.",
            "Anything created after the snapshot stays where it is and may no longer match what was restored.",
        ),
        same("Always test your restore procedure regularly, for example by restoring a sample of files to a scratch server once a month."),
    ],
    [
        same("The agent writes its log to the systemd journal."),
        split(
            "You can view it with journalctl -u tidepool-agent, and adding the -f option will follow new entries as they are written.",
            "View it with journalctl -u tidepool-agent.",
            "Add the -f option to follow new entries as they are written.",
        ),
        same("If a backup fails with the error repository is locked, check that no other agent is using the same repository."),
        merge(
            [
                "Network errors are retried automatically.",
                "The agent makes up to five attempts.",
            ],
            "Network errors are retried automatically, up to five times.",
        ),
        same("If all attempts fail, the job is marked as failed and an alert is sent to the addresses listed under notify in the job definition."),
        edit(
            "Contact support and attach the output of tidepool diagnose if the problem persists.",
            "If the problem persists, contact support and attach the output of tidepool diagnose.",
        ),
    ],
]
