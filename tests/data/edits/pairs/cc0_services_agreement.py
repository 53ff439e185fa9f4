"""A fictional hosting and support services agreement, first and second draft."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Services Agreement between Cobalt Systems Inc. and Harbourline Logistics Ltd (fictional)"
SOURCE = "Written for this test set by the hikaku project; the parties and figures are fictional"
LICENCE = "CC0 1.0 (dedicated to the public domain by the hikaku project)"
EDITING = (
    "second draft after the customer's mark-up, tidied by a legal copy editor: obligations split into "
    "one duty per sentence, the confidentiality exceptions combined, a worked example and a carve-out "
    "added, one breach-notice period changed, the notices clause moved towards the end"
)

PARAGRAPHS = [
    [
        same("This Services Agreement is made between Cobalt Systems Inc. (the \"Supplier\") and Harbourline Logistics Ltd (the \"Customer\")."),
        edit(
            "The Supplier shall provide the Customer with the hosting, support and maintenance services described in Schedule 1 (the \"Services\").",
            "The Supplier will provide the Customer with the hosting, support and maintenance services described in Schedule 1 (the \"Services\").",
        ),
        same("This Agreement starts on the Effective Date and continues for an initial term of thirty-six months."),
        split(
            "Thereafter it renews automatically for successive periods of twelve months unless either party gives written notice of non-renewal at least ninety days before the end of the then-current term.",
            "After the initial term, it renews automatically for successive periods of twelve months.",
            "Either party may prevent a renewal by giving written notice at least ninety days before the current term ends.",
        ),
    ],
    [
        same("The Supplier shall make the hosted platform available at least 99.9 per cent of the time in each calendar month, excluding Scheduled Maintenance."),
        split(
            "Scheduled Maintenance means maintenance notified to the Customer at least five Business Days in advance and carried out between 22:00 and 04:00 local time, and it shall not exceed eight hours in any calendar month.",
            "\"Scheduled Maintenance\" means maintenance notified to the Customer at least five Business Days in advance and carried out between 22:00 and 04:00 local time.",
            "It may not exceed eight hours in any calendar month.",
        ),
        same("If availability falls below the target in any month, the Customer is entitled to the service credits set out in Schedule 2."),
        edit(
            "Service credits are the Customer's sole and exclusive monetary remedy for failure to meet the availability target, save where the failure results from the Supplier's wilful default.",
            "Apart from cases of wilful default by the Supplier, a missed availability target entitles the Customer to service credits and to no other money.",
        ),
        add("For example, if availability in a month is 99.5 per cent, the Customer receives a credit of ten per cent of that month's fees."),
        split(
            "The Supplier shall respond to Priority 1 incidents within thirty minutes at any time of day and shall use all reasonable endeavours to restore the Services within four hours.",
            "The Supplier shall respond to Priority 1 incidents within thirty minutes, at any time of day.",
            "It shall use all reasonable endeavours to restore the Services within four hours.",
        ),
        same("Priority 2 incidents shall be responded to within four Business Hours."),
        merge(
            [
                "The Customer shall report incidents through the Supplier's service desk.",
                "Reports by email or telephone are also accepted.",
            ],
            "The Customer shall report incidents through the Supplier's service desk, by email or by telephone.",
        ),
    ],
    [
        same("The Customer shall provide the Supplier with such information and access to its systems as the Supplier reasonably requires to perform the Services."),
        edit(
            "The Customer is responsible for the accuracy and legality of all data that it uploads to the platform.",
            "The Customer is responsible for ensuring that all data it uploads to the platform is accurate and lawful.",
        ),
        same("The Customer shall ensure that its users keep their login credentials confidential."),
        delete("The Customer shall not permit more than the number of named users stated in the Order Form to access the platform."),
    ],
    [
        same("The Customer shall pay the fees set out in the Order Form."),
        split(
            "The Supplier shall invoice the recurring fees quarterly in advance and any additional fees monthly in arrears, and the Customer shall pay each undisputed invoice within thirty days of the date of receipt.",
            "The Supplier shall invoice the recurring fees quarterly in advance.",
            "Any additional fees are invoiced monthly in arrears.",
            "The Customer shall pay each undisputed invoice within thirty days of receiving it.",
        ),
        split(
            "If the Customer disputes an invoice in good faith, it shall notify the Supplier within fifteen days, and the parties shall work together to resolve the dispute promptly.",
            "If the Customer disputes an invoice in good faith, it shall notify the Supplier within fifteen days.",
            "The parties will then work together to resolve the dispute promptly.",
        ),
        same("Late payments bear interest at two per cent per annum above the base rate of the central bank from the due date until the date of payment."),
        edit(
            "The Supplier may increase the fees once in each contract year with effect from the anniversary of the Effective Date by no more than the percentage change in the consumer price index over the preceding twelve months.",
            "Once in each contract year, with effect from the anniversary of the Effective Date, the Supplier may increase the fees by no more than the percentage change in the consumer price index over the preceding twelve months.",
        ),
    ],
    [
        same("Each party shall comply with the data protection laws that apply to it in connection with this Agreement."),
        split(
            "The Supplier shall process personal data only on the documented instructions of the Customer, shall ensure that persons authorised to process the data are bound by confidentiality, and shall implement appropriate technical and organisational measures to protect it.",
            "The Supplier shall process personal data only on the Customer's documented instructions.",
            "It shall ensure that everyone authorised to process the data is bound by confidentiality.",
            "It shall also implement appropriate technical and organisational measures to protect the data.",
        ),
        edit(
            "The Supplier shall notify the Customer without undue delay, and in any event within 48 hours, after becoming aware of a personal data breach.",
            "The Supplier shall notify the Customer of a personal data breach without undue delay and in any event within 24 hours after becoming aware of it.",
        ),
        same("The Supplier shall not transfer personal data outside the United Kingdom without the Customer's prior written consent."),
        same("On termination, the Supplier shall return or delete the Customer's data at the Customer's choice."),
    ],
    [
        same("Each party shall keep the other party's Confidential Information confidential and shall use it only for the purposes of this Agreement."),
        merge(
            [
                "This obligation does not apply to information that is or becomes publicly available other than through a breach of this Agreement.",
                "Nor does it apply to information that the receiving party already lawfully held before disclosure.",
                "Nor does it apply to information that is independently developed.",
            ],
            "This obligation does not apply to information that becomes public other than through a breach of this Agreement, that the receiving party already lawfully held, or that it developed independently.",
        ),
        same("A party may disclose Confidential Information where required by law, provided that it gives the other party as much notice as is lawfully possible."),
        edit(
            "The obligations in this clause shall continue for five years after the termination or expiry of this Agreement.",
            "This clause continues to apply for five years after this Agreement ends.",
        ),
    ],
    [
        same("Neither party excludes or limits liability for death or personal injury caused by its negligence, for fraud, or for any other liability that cannot be limited by law."),
        split(
            "Subject to that, neither party shall be liable for any loss of profit, loss of business or indirect or consequential loss, and each party's total liability in each contract year shall not exceed the fees paid or payable in that year.",
            "Subject to that, neither party shall be liable for any loss of profit, loss of business or indirect or consequential loss.",
            "Each party's total liability in each contract year is capped at the fees paid or payable in that year.",
        ),
        add("The cap does not apply to the Customer's obligation to pay the fees."),
        same("The Supplier shall maintain professional indemnity insurance of at least two million pounds for the duration of this Agreement."),
    ],
    [
        split(
            "Either party may terminate this Agreement immediately by written notice if the other party commits a material breach which is not remedied within thirty days of being notified of it, or if the other party becomes insolvent.",
            "Either party may terminate this Agreement immediately by written notice if the other party commits a material breach and does not remedy it within thirty days of being notified.",
            "The same applies if the other party becomes insolvent.",
        ),
        same("On termination for any reason, the Supplier shall provide reasonable assistance to transfer the Services to the Customer or to a replacement supplier."),
        edit(
            "Such assistance shall be charged at the Supplier's then current rates.",
            "The Supplier will charge for such assistance at its standard rates at that time.",
        ),
    ],
    [
        same("Neither party may assign this Agreement without the prior written consent of the other, which shall not be unreasonably withheld."),
        move_from("notices", "Any notice under this Agreement shall be in writing and delivered by hand, by courier or by email to the addresses set out in the Order Form."),
        same("Neither party shall be liable for any delay or failure to perform caused by events beyond its reasonable control."),
        edit(
            "This Agreement constitutes the entire agreement between the parties and supersedes all prior agreements, representations and understandings relating to its subject matter.",
            "This Agreement is the entire agreement between the parties and replaces all earlier agreements, representations and understandings about its subject matter.",
        ),
        move_to("notices"),
        same("This Agreement is governed by the law of England and Wales, and the courts of England have exclusive jurisdiction."),
    ],
]
