"""5 U.S.C. 553-555 (Administrative Procedure Act) and a plain-language redraft."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Administrative Procedure: rule making, adjudications and ancillary matters"
SOURCE = "Adapted from title 5 of the United States Code, sections 553 (rule making), 554 (adjudications) and 555 (ancillary matters); subsection letters dropped, subsections as paragraphs"
LICENCE = "public domain (work of the U.S. Government, 17 U.S.C. 105)"
EDITING = (
    "plain-language redraft by an agency's legal editor: 'shall' partly replaced by 'must', lists cut into "
    "separate sentences, exceptions moved after the rule, the on-the-record provision moved up to the "
    "scope paragraph, a redundant provision cut and one sentence of guidance added"
)

PARAGRAPHS = [
    [
        split(
            "This section applies, according to the provisions thereof, except to the extent that there is involved a military or foreign affairs function of the United States, or a matter relating to agency management or personnel or to public property, loans, grants, benefits, or contracts.",
            "This section applies according to its provisions.",
            "It does not apply to the extent that a military or foreign affairs function of the United States is involved, or a matter relating to agency management or personnel or to public property, loans, grants, benefits, or contracts.",
        ),
        move_to(
            "on-record",
            "When a statute requires rules to be made on the record after an opportunity for an agency hearing, sections 556 and 557 of this title apply in place of the comment procedure below.",
        ),
    ],
    [
        edit(
            "General notice of proposed rule making shall be published in the Federal Register, unless persons subject thereto are named and either personally served or otherwise have actual notice thereof in accordance with law.",
            "An agency must publish general notice of proposed rule making in the Federal Register, unless the persons subject to the rule are named and either personally served or otherwise have actual notice of it in accordance with law.",
        ),
        split(
            "The notice shall include a statement of the time, place, and nature of public rule making proceedings; reference to the legal authority under which the rule is proposed; and either the terms or substance of the proposed rule or a description of the subjects and issues involved.",
            "The notice must state the time, place, and nature of public rule making proceedings.",
            "It must refer to the legal authority under which the rule is proposed.",
            "It must also give either the terms or substance of the proposed rule or a description of the subjects and issues involved.",
        ),
        same("Except when notice or hearing is required by statute, this subsection does not apply to interpretative rules, general statements of policy, or rules of agency organization, procedure, or practice."),
        split(
            "This subsection also does not apply when the agency for good cause finds, and incorporates the finding and a brief statement of reasons therefor in the rules issued, that notice and public procedure thereon are impracticable, unnecessary, or contrary to the public interest.",
            "This subsection also does not apply when the agency for good cause finds that notice and public procedure are impracticable, unnecessary, or contrary to the public interest.",
            "The agency must then incorporate the finding, with a brief statement of its reasons, in the rules issued.",
        ),
        add("Agencies should invoke this good cause finding sparingly, because courts review such findings closely."),
    ],
    [
        edit(
            "After notice required by this section, the agency shall give interested persons an opportunity to participate in the rule making through submission of written data, views, or arguments with or without opportunity for oral presentation.",
            "After giving the notice required by this section, the agency must give interested persons an opportunity to participate in the rule making by submitting written data, views, or arguments, with or without an opportunity for oral presentation.",
        ),
        same("After consideration of the relevant matter presented, the agency shall incorporate in the rules adopted a concise general statement of their basis and purpose."),
        move_from("on-record", "When rules are required by statute to be made on the record after opportunity for an agency hearing, sections 556 and 557 of this title apply instead of this subsection."),
    ],
    [
        split(
            "The required publication or service of a substantive rule shall be made not less than 30 days before its effective date, except as otherwise provided by the agency for good cause found and published with the rule.",
            "A substantive rule must be published or served at least 30 days before its effective date.",
            "The agency may shorten this period for good cause, which it must find and publish with the rule.",
        ),
        merge(
            [
                "The 30-day period does not apply to a substantive rule which grants or recognizes an exemption or relieves a restriction.",
                "It also does not apply to interpretative rules and statements of policy.",
            ],
            "The 30-day period does not apply to a substantive rule which grants or recognizes an exemption or relieves a restriction, or to interpretative rules and statements of policy.",
        ),
    ],
    [
        edit(
            "Each agency shall give an interested person the right to petition for the issuance, amendment, or repeal of a rule.",
            "Each agency must give an interested person the right to petition for the issuance, amendment, or repeal of a rule.",
        ),
    ],
    [
        same("This section applies, according to the provisions thereof, in every case of adjudication required by statute to be determined on the record after opportunity for an agency hearing."),
        split(
            "Persons entitled to notice of an agency hearing shall be timely informed of the time, place, and nature of the hearing; the legal authority and jurisdiction under which the hearing is to be held; and the matters of fact and law asserted.",
            "Persons entitled to notice of an agency hearing must be told in good time of the time, place, and nature of the hearing.",
            "They must also be told the legal authority and jurisdiction under which it is to be held and the matters of fact and law asserted.",
        ),
        split(
            "When private persons are the moving parties, other parties to the proceeding shall give prompt notice of issues controverted in fact or law; and in other instances agencies may by rule require responsive pleading.",
            "When private persons are the moving parties, other parties to the proceeding shall give prompt notice of issues controverted in fact or law.",
            "In other cases, agencies may require responsive pleading by rule.",
        ),
        same("In fixing the time and place for hearings, due regard shall be had for the convenience and necessity of the parties or their representatives."),
        same("The agency shall give all interested parties opportunity for the submission and consideration of facts, arguments, offers of settlement, or proposals of adjustment when time, the nature of the proceeding, and the public interest permit."),
        same("To the extent that the parties are unable so to determine a controversy by consent, the agency shall give them hearing and decision on notice and in accordance with sections 556 and 557 of this title."),
        same("The employee who presides at the reception of evidence shall make the recommended decision or initial decision, unless he becomes unavailable to the agency."),
        edit(
            "Except to the extent required for the disposition of ex parte matters as authorized by law, such an employee may not consult a person or party on a fact in issue, unless on notice and opportunity for all parties to participate.",
            "Apart from ex parte matters that the law allows, the presiding employee may discuss a disputed fact with a person or party only after notice, and only if every party can take part.",
        ),
        split(
            "An employee or agent engaged in the performance of investigative or prosecuting functions for an agency in a case may not, in that or a factually related case, participate or advise in the decision, recommended decision, or agency review, except as witness or counsel in public proceedings.",
            "An employee or agent who performs investigative or prosecuting functions for an agency in a case may not participate or advise in the decision, recommended decision, or agency review in that case or a factually related case.",
            "Testifying as a witness, or acting as counsel, in public proceedings is the one permitted role.",
        ),
        edit(
            "The agency, with like effect as in the case of other orders, and in its sound discretion, may issue a declaratory order to terminate a controversy or remove uncertainty.",
            "The agency may, in its sound discretion, issue a declaratory order to terminate a controversy or remove uncertainty, with the same effect as other orders.",
        ),
    ],
    [
        same("A person compelled to appear in person before an agency or representative thereof is entitled to be accompanied, represented, and advised by counsel or, if permitted by the agency, by other qualified representative."),
        delete("A party is entitled to appear in person or by or with counsel or other duly qualified representative in an agency proceeding."),
        split(
            "So far as the orderly conduct of public business permits, an interested person may appear before an agency or its responsible employees for the presentation, adjustment, or determination of an issue, request, or controversy in a proceeding, whether interlocutory, summary, or otherwise, or in connection with an agency function.",
            "So far as the orderly conduct of public business permits, an interested person may appear before an agency or its responsible employees to present, adjust, or determine an issue, request, or controversy in a proceeding.",
            "The proceeding may be interlocutory, summary, or otherwise, and the person may also appear in connection with any agency function.",
        ),
        edit(
            "With due regard for the convenience and necessity of the parties or their representatives and within a reasonable time, each agency shall proceed to conclude a matter presented to it.",
            "Each agency must conclude a matter presented to it within a reasonable time, with due regard for the convenience and necessity of the parties or their representatives.",
        ),
        same("Process, requirement of a report, inspection, or other investigative act or demand may not be issued, made, or enforced except as authorized by law."),
        split(
            "A person compelled to submit data or evidence is entitled to retain or, on payment of lawfully prescribed costs, procure a copy or transcript thereof, except that in a nonpublic investigatory proceeding the witness may for good cause be limited to inspection of the official transcript of his testimony.",
            "A person compelled to submit data or evidence may keep a copy or transcript of it or, on payment of lawfully prescribed costs, obtain one.",
            "In a nonpublic investigatory proceeding, however, the witness may for good cause be limited to inspecting the official transcript of his testimony.",
        ),
        edit(
            "Agency subpenas authorized by law shall be issued to a party on request and, when required by rules of procedure, on a statement or showing of general relevance and reasonable scope of the evidence sought.",
            "Agency subpoenas authorized by law shall be issued to a party on request and, when required by rules of procedure, on a statement or showing of general relevance and reasonable scope of the evidence sought.",
        ),
        merge(
            [
                "Prompt notice shall be given of the denial in whole or in part of a written application, petition, or other request of an interested person made in connection with any agency proceeding.",
                "Except in affirming a prior denial or when the denial is self-explanatory, the notice shall be accompanied by a brief statement of the grounds for denial.",
            ],
            "Prompt notice shall be given of the denial in whole or in part of a written application, petition, or other request of an interested person made in connection with any agency proceeding, with a brief statement of the grounds unless the denial affirms a prior denial or is self-explanatory.",
        ),
    ],
]
