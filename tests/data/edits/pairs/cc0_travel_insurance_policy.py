"""Policy wording of a fictional single-trip travel insurance, and its revised edition."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Bluewater Mutual Single-Trip Travel Insurance: Policy Wording (fictional)"
SOURCE = "Written for this test set by the hikaku project; the insurer, limits and procedures are fictional"
LICENCE = "CC0 1.0 (dedicated to the public domain by the hikaku project)"
EDITING = (
    "revised edition of the policy wording after a plain-language review: conditions split from the cover they "
    "qualify, exclusions reworded in plain terms, short conditions combined, the medical-certificate condition "
    "moved to the claims section, two minor sentences cut and three clarifications added"
)

PARAGRAPHS = [
    [
        same("This policy wording, together with your schedule of cover, forms the contract of insurance between you and Bluewater Mutual Insurance Company."),
        same("Please read it carefully to make sure that the cover meets your needs."),
        edit(
            "If any of the details shown in your schedule are incorrect, you should contact us without delay, as failure to do so could invalidate your policy.",
            "If any details in your schedule are wrong, tell us straight away, because incorrect details could invalidate your policy.",
        ),
        same("You have fourteen days from the date you receive this policy to cancel it and receive a full refund, provided you have not travelled or made a claim."),
    ],
    [
        same("In this policy, \"you\" and \"your\" mean each person named in the schedule for whom the premium has been paid."),
        same("\"We\", \"us\" and \"our\" mean Bluewater Mutual Insurance Company."),
        edit(
            "\"Close relative\" means your spouse or partner, parent, child, brother, sister, grandparent, grandchild, parent-in-law, son-in-law or daughter-in-law, and includes step-relations and foster relations of the same degree.",
            "\"Close relative\" means your spouse or partner, or your parent, child, sibling, grandparent or grandchild, including the same relation by marriage, by fostering or through a step-parent.",
        ),
        split(
            "\"Trip\" means a journey that starts and ends at your home in your country of residence during the period of insurance, and does not include any journey of more than forty-five consecutive days.",
            "\"Trip\" means a journey that starts and ends at your home in your country of residence during the period of insurance.",
            "A journey of more than forty-five consecutive days is not a trip.",
        ),
        same("\"Pre-existing medical condition\" means any illness or injury for which you have received treatment, medication or advice in the twenty-four months before the policy was issued."),
        same("\"Valuables\" means jewellery, watches, furs, cameras, audio and video equipment, computers and other electronic devices."),
        same("\"Excess\" means the amount you must pay towards each claim, as shown in the schedule."),
    ],
    [
        same("We will pay up to the amount shown in the schedule for travel and accommodation costs that you have paid or are contracted to pay and cannot recover, if you have to cancel your trip."),
        split(
            "Cover applies only if the cancellation is necessary and unavoidable as a result of the death, serious injury or serious illness of you, a travelling companion or a close relative, or because you are called for jury service or as a witness in a court of law.",
            "Cover applies only if the cancellation is necessary and unavoidable.",
            "It must result from the death, serious injury or serious illness of you, a travelling companion or a close relative, or from your being called for jury service or as a witness in a court of law.",
        ),
        add("A cancellation that is merely convenient for you is not necessary and unavoidable."),
        move_from("certificate", "A medical certificate from the treating doctor must be provided for every claim arising from injury or illness."),
        merge(
            [
                "We will not pay for cancellation caused by a pre-existing medical condition.",
                "This applies unless we have agreed in writing to cover that condition.",
            ],
            "We will not pay for cancellation caused by a pre-existing medical condition unless we have agreed in writing to cover it.",
        ),
        edit(
            "We will also not pay if the cancellation is caused by the failure of a travel provider, by a change in government travel advice, or by your reluctance to travel.",
            "Nor will we pay if you cancel because a travel provider fails, because government travel advice changes, or because you no longer wish to travel.",
        ),
    ],
    [
        same("We will pay for emergency medical, surgical and hospital treatment that you need while you are abroad on your trip, up to ten million euros."),
        split(
            "We will also pay reasonable additional travel and accommodation costs for you and one companion if our medical officer agrees that you must stay beyond your planned return date, and, where medically necessary, we will arrange and pay for your return home by air ambulance or with a medical escort.",
            "We will also pay reasonable additional travel and accommodation costs for you and one companion.",
            "This applies if our medical officer agrees that you must stay beyond your planned return date.",
            "Where it is medically necessary, we will arrange and pay for your return home by air ambulance or with a medical escort.",
        ),
        same("You must contact our emergency assistance service as soon as possible if you are admitted to hospital as an inpatient."),
        edit(
            "The emergency assistance service is available twenty-four hours a day, every day of the year, on the number shown in your schedule.",
            "Our emergency assistance line is open around the clock, all year, on the number shown in your schedule.",
        ),
        delete("Calls may be recorded for training and quality purposes."),
        same("We will not pay for treatment that can reasonably wait until you return home."),
        same("We will not pay for any treatment that you had planned before you left home."),
        split(
            "If you are entitled to treatment under a reciprocal health agreement between your country of residence and the country you are visiting, you must use it, and in that case we will waive the excess.",
            "If a reciprocal health agreement between your country of residence and the country you are visiting entitles you to treatment, you must use it.",
            "We will then waive the excess.",
        ),
    ],
    [
        same("We will pay for your baggage that is lost, stolen or damaged during your trip, up to the amount shown in the schedule."),
        split(
            "The most we will pay for any single item, pair or set of items is three hundred euros, and the most we will pay in total for valuables is five hundred euros.",
            "The most we will pay for any single item, pair or set of items is three hundred euros.",
            "For valuables, the overall limit is five hundred euros.",
        ),
        same("We will deduct an amount for wear and tear and loss of value from the replacement cost."),
        merge(
            [
                "You must report any loss or theft to the local police within twenty-four hours.",
                "You must obtain a written police report.",
                "We cannot pay a claim for theft without it.",
            ],
            "You must report any loss or theft to the local police within twenty-four hours and obtain a written police report, without which we cannot pay a claim for theft.",
        ),
        same("If your baggage is lost or damaged by an airline, you must obtain a property irregularity report from the airline."),
        edit(
            "We will not pay for valuables left unattended in a public place or in an unlocked vehicle, or for money left unattended at any time.",
            "We will not pay for valuables left unattended in a public place or an unlocked vehicle, or for money left unattended at any time.",
        ),
        add("When you fly, keep your valuables with you in your hand luggage."),
        same("If your baggage is delayed in reaching you for more than twelve hours, we will pay up to two hundred euros for emergency purchases of essential items."),
    ],
    [
        same("The following exclusions apply to every section of this policy."),
        split(
            "We will not pay for any claim arising from war, invasion, civil war, rebellion or terrorism, except that emergency medical expenses are covered if you are caught up in such an event while abroad and are not taking part in it.",
            "We will not pay for any claim arising from war, invasion, civil war, rebellion or terrorism.",
            "However, emergency medical expenses are covered if you are caught up in such an event while abroad, as long as you are not taking part in it.",
        ),
        same("We will not pay for any claim arising from your participation in professional sports or in the hazardous activities listed in Appendix A, unless you have paid the additional premium for them."),
        edit(
            "We will not pay for any claim arising directly or indirectly from your being under the influence of alcohol or drugs, except drugs taken in accordance with treatment prescribed by a doctor.",
            "Claims that result from intoxication, by alcohol or by drugs that no doctor prescribed for you, are excluded.",
        ),
        same("We will not pay for any claim where you travel against the advice of a doctor or for the purpose of obtaining medical treatment."),
        split(
            "We will not pay for any loss that is not specifically described in this policy, such as loss of enjoyment, loss of earnings or the cost of any telephone calls.",
            "We will not pay for any loss that is not specifically described in this policy.",
            "Examples are loss of enjoyment, loss of earnings and the cost of telephone calls.",
        ),
    ],
    [
        same("To make a claim, complete the claim form on our website within thirty days of your return home."),
        move_to("certificate"),
        split(
            "You must send us all original receipts, reports and certificates that we ask for at your own expense, and you must not admit liability or offer to make any payment without our written consent.",
            "At your own expense, you must send us all original receipts, reports and certificates that we ask for.",
            "You must not admit liability or offer any payment without our written consent.",
        ),
        same("We may ask you to undergo a medical examination, at our expense, in connection with a claim."),
        edit(
            "If a claim is fraudulent in any respect, we will not pay it, we may cancel your policy and we may inform the police.",
            "If any part of a claim is fraudulent, we will refuse the whole claim, may cancel your policy and may inform the police.",
        ),
        same("If another insurance policy covers the same loss, we will pay only our proportionate share."),
    ],
    [
        same("We use your personal information to administer your policy and to handle claims."),
        split(
            "We may share your information with other insurers, medical providers and fraud prevention agencies, and we may transfer it to countries outside your country of residence where this is necessary to provide assistance to you.",
            "We may share your information with other insurers, medical providers and fraud prevention agencies.",
            "When we need to in order to help you, we may also send it to countries outside your country of residence.",
        ),
        same("You have the right to request a copy of the information we hold about you."),
        edit(
            "Further details are given in our privacy notice, which is available on request.",
            "Our privacy notice explains this in more detail; ask us for a copy.",
        ),
    ],
    [
        same("We aim to provide a high standard of service at all times."),
        split(
            "If you are unhappy with our service, please contact our customer relations team, who will acknowledge your complaint within five working days and send you a final response within eight weeks.",
            "If you are unhappy with our service, please contact our customer relations team.",
            "They will acknowledge your complaint within five working days and send you a final response within eight weeks.",
        ),
        edit(
            "If you remain dissatisfied with the final response, you may refer your complaint to the Financial Ombudsman within six months.",
            "If you are still dissatisfied after our final response, you may refer your complaint to the Financial Ombudsman within six months.",
        ),
        same("Using our complaints procedure does not affect your right to take legal action."),
    ],
]
