"""Terms of service of a fictional note-taking app, and their revision after a legal review."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Northwind Notes Terms of Service (fictional)"
SOURCE = "Written for this test set by the hikaku project; the company, product and addresses are fictional"
LICENCE = "CC0 1.0 (dedicated to the public domain by the hikaku project)"
EDITING = (
    "revision after a plain-language legal review: long clauses divided, exceptions folded into the rule, "
    "the governing-law sentences combined, a redundant disclaimer cut, the backup sentence moved to the "
    "content section, two user-friendly commitments added"
)

PARAGRAPHS = [
    [
        same("These Terms of Service govern your access to and use of the Northwind Notes applications, websites and related services (the \"Service\")."),
        split(
            "By creating an account, installing the app or otherwise using the Service, you agree to be bound by these Terms and by our Privacy Policy, which is incorporated into these Terms by reference.",
            "By creating an account, installing the app or otherwise using the Service, you agree to be bound by these Terms and by our Privacy Policy.",
            "The Privacy Policy forms part of these Terms.",
        ),
        same("If you do not agree to these Terms, you must not use the Service."),
        edit(
            "If you are using the Service on behalf of an organisation, you represent that you have authority to bind that organisation and references to \"you\" include that organisation.",
            "If you use the Service on behalf of an organisation, you confirm that you are authorised to bind that organisation, and \"you\" in these Terms then means that organisation as well.",
        ),
    ],
    [
        split(
            "You must be at least 16 years old to use the Service, and if you are under the age of majority where you live, you may use the Service only with the consent of a parent or guardian.",
            "You must be at least 16 years old.",
            "If you are under the age of majority where you live, you may use the Service only with the consent of a parent or guardian.",
        ),
        same("You are responsible for keeping your password confidential and for all activity that occurs under your account."),
        merge(
            [
                "You must notify us promptly of any unauthorised use of your account.",
                "You can do so through the security page of the app.",
            ],
            "You must notify us promptly, through the security page of the app, of any unauthorised use of your account.",
        ),
        same("We may refuse to register, or may cancel, any username that we reasonably consider offensive, misleading or infringing."),
        add("If we cancel your username, we will tell you why and let you choose a different username."),
    ],
    [
        same("You keep all rights in the notes, files and other material that you upload to the Service (\"Your Content\")."),
        split(
            "You grant us a worldwide, non-exclusive, royalty-free licence to host, store, copy, transmit and display Your Content solely to the extent necessary to operate, secure and improve the Service and to provide it to you, and this licence ends when Your Content is deleted from our systems.",
            "You grant us a worldwide, non-exclusive, royalty-free licence to host, store, copy, transmit and display Your Content.",
            "We may use this licence only to operate, secure and improve the Service and to provide it to you.",
            "The licence ends when Your Content is deleted from our systems.",
        ),
        edit(
            "We do not claim ownership of Your Content and we will not sell it to anyone.",
            "Your Content stays yours, and it is never for sale.",
        ),
        same("You are solely responsible for Your Content and for making sure that you have the rights needed to upload it."),
        move_to("backup"),
        split(
            "When you share a notebook with other users, they may view, copy and, if you allow it, edit the shared material, and deleting the notebook from your account does not remove copies that they have already made.",
            "When you share a notebook with other users, they may view and copy the shared material, and edit it if you allow them to.",
            "Deleting the notebook from your account does not remove copies they have already made.",
        ),
    ],
    [
        same("You agree not to misuse the Service."),
        split(
            "In particular, you must not upload unlawful material, infringe the intellectual property or privacy rights of others, send unsolicited commercial messages, attempt to gain unauthorised access to the Service or to other accounts, or interfere with the proper working of the Service, including by introducing malware or placing an unreasonable load on our infrastructure.",
            "In particular, you must not upload unlawful material or infringe the intellectual property or privacy rights of others.",
            "You must not send unsolicited commercial messages or try to gain unauthorised access to the Service or to other accounts.",
            "Nor may you interfere with the proper working of the Service, for example by introducing malware or placing an unreasonable load on our infrastructure.",
        ),
        same("You must not use automated means to access the Service except through the interfaces that we provide for that purpose."),
        edit(
            "We may investigate suspected breaches of this section and may remove or disable access to any content that we reasonably believe breaches these Terms.",
            "We may investigate suspected breaches of this section, and we may remove or block any content that we reasonably believe breaches these Terms.",
        ),
        add("Where the law allows, we will notify you before we remove any of Your Content."),
    ],
    [
        same("Some features of the Service are available only with a paid subscription."),
        split(
            "Subscription fees are billed in advance on a monthly or annual basis, depending on the plan you choose, and are charged to the payment method that you have provided until you cancel.",
            "Subscription fees are billed in advance, monthly or annually depending on the plan you choose.",
            "We charge them to the payment method you have provided until you cancel.",
        ),
        merge(
            [
                "Fees are not refundable.",
                "This does not apply where a refund is required by law.",
            ],
            "Fees are not refundable except where the law requires a refund.",
        ),
        edit(
            "We may change our fees from time to time, but any change will take effect only at the start of your next billing period and we will give you at least 30 days' notice of it.",
            "Price changes apply from your next billing period, and you will hear about them from us at least 30 days in advance.",
        ),
        same("If a payment fails, we may suspend paid features until the outstanding amount has been paid."),
        same("All fees are stated exclusive of taxes, which we will add where required."),
    ],
    [
        same("You may stop using the Service and close your account at any time from the account settings page."),
        split(
            "We may suspend or terminate your access to the Service if you materially or repeatedly breach these Terms, if we are required to do so by law, or if we discontinue the Service, and where reasonably possible we will give you advance notice and an opportunity to export Your Content.",
            "We may suspend or terminate your access to the Service if you materially or repeatedly breach these Terms, if the law requires us to, or if we discontinue the Service.",
            "Where we reasonably can, we will warn you beforehand and let you export Your Content.",
        ),
        same("After your account is closed, we will delete Your Content within 90 days, except where we must keep it to comply with a legal obligation."),
        edit(
            "Sections 3, 7, 8 and 10 shall survive any termination of these Terms.",
            "Sections 3, 7, 8 and 10 continue to apply after these Terms end.",
        ),
    ],
    [
        split(
            "The Service is provided \"as is\" and \"as available\", and to the fullest extent permitted by law we disclaim all warranties, whether express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.",
            "The Service is provided \"as is\" and \"as available\".",
            "To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement.",
        ),
        same("We do not warrant that the Service will be uninterrupted, secure or free of errors."),
        delete("We make no representations about the suitability of the Service for any specific purpose."),
        move_from("backup", "You are responsible for keeping your own backup copies of Your Content."),
    ],
    [
        split(
            "To the fullest extent permitted by law, we will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, revenues, data or goodwill, arising out of or in connection with the Service.",
            "To the fullest extent permitted by law, we will not be liable for any indirect, incidental, special, consequential or punitive damages arising out of or in connection with the Service.",
            "Nor will we be liable for any loss of profits, revenues, data or goodwill.",
        ),
        edit(
            "Our total liability for all claims relating to the Service shall not exceed the greater of the amount that you paid us in the twelve months before the claim arose or fifty US dollars.",
            "Our total liability for all claims relating to the Service is limited to the greater of the amount you paid us in the twelve months before the claim arose and fifty US dollars.",
        ),
        same("Nothing in these Terms limits liability that cannot be limited under applicable law, such as liability for fraud or for death or personal injury caused by negligence."),
    ],
    [
        same("We may update these Terms from time to time."),
        split(
            "If a change is material, we will notify you by email or in the app at least 30 days before it takes effect, and by continuing to use the Service after that date you accept the updated Terms.",
            "If a change is material, we will notify you by email or in the app at least 30 days before it takes effect.",
            "If you keep using the Service after that date, you accept the updated Terms.",
        ),
        same("If you do not accept the updated Terms, you must stop using the Service before they take effect."),
    ],
    [
        merge(
            [
                "These Terms are governed by the laws of the State of Delaware.",
                "The conflict of laws rules of that State do not apply.",
                "The courts located in Wilmington, Delaware have exclusive jurisdiction over any dispute arising out of these Terms.",
            ],
            "These Terms are governed by the laws of the State of Delaware, without regard to its conflict of laws rules, and the courts in Wilmington, Delaware have exclusive jurisdiction over any dispute arising out of them.",
        ),
        same("If you are a consumer, you may also benefit from mandatory protections of the law of the country in which you live."),
        edit(
            "If any provision of these Terms is held to be invalid or unenforceable, the remaining provisions shall continue in full force and effect.",
            "If a court holds any provision of these Terms invalid or unenforceable, the other provisions remain in full force and effect.",
        ),
        same("Our failure to enforce any provision is not a waiver of our right to do so later."),
        same("These Terms, together with the Privacy Policy, are the entire agreement between you and us regarding the Service."),
    ],
    [
        edit(
            "Questions about these Terms may be sent to legal@northwind.example or to our postal address shown in the app.",
            "Please send questions about these Terms to legal@northwind.example or to the postal address shown in the app.",
        ),
    ],
]
