"""U.S. Constitution, Article I, and a study edition of it."""

from edit_ops import add, delete, edit, merge, same, split

TITLE = "The Constitution of the United States, Article I (the legislative branch)"
SOURCE = "Adapted from the Constitution of the United States (1787), Article I, Sections 1-10; selected clauses, sections as paragraphs"
LICENCE = "public domain (U.S. founding document, 1787)"
EDITING = (
    "study edition for a civics course: long clauses cut into separate sentences, spelling modernised where a "
    "clause was touched, the obsolete three-fifths clause dropped, short explanatory notes added"
)

PARAGRAPHS = [
    [
        split(
            "All legislative Powers herein granted shall be vested in a Congress of the United States, which shall consist of a Senate and House of Representatives.",
            "All legislative Powers herein granted shall be vested in a Congress of the United States.",
            "The Congress shall consist of a Senate and a House of Representatives.",
        ),
    ],
    [
        split(
            "The House of Representatives shall be composed of Members chosen every second Year by the People of the several States, and the Electors in each State shall have the Qualifications requisite for Electors of the most numerous Branch of the State Legislature.",
            "The House of Representatives shall be composed of Members chosen every second Year by the People of the several States.",
            "In each State, the Electors shall have the Qualifications requisite for Electors of the most numerous Branch of the State Legislature.",
        ),
        edit(
            "No Person shall be a Representative who shall not have attained to the Age of twenty five Years, and been seven Years a Citizen of the United States, and who shall not, when elected, be an Inhabitant of that State in which he shall be chosen.",
            "No Person shall be a Representative who has not attained the Age of twenty-five Years and been seven Years a Citizen of the United States, and who is not, when elected, an Inhabitant of the State in which he is chosen.",
        ),
        delete(
            "Representatives and direct Taxes shall be apportioned among the several States which may be included within this Union, according to their respective Numbers, which shall be determined by adding to the whole Number of free Persons, including those bound to Service for a Term of Years, and excluding Indians not taxed, three fifths of all other Persons."
        ),
        split(
            "The actual Enumeration shall be made within three Years after the first Meeting of the Congress of the United States, and within every subsequent Term of ten Years, in such Manner as they shall by Law direct.",
            "The actual Enumeration shall be made within three Years after the first Meeting of the Congress of the United States.",
            "After that, a new count shall be made every ten Years, in such Manner as Congress shall by Law direct.",
        ),
        same("The Number of Representatives shall not exceed one for every thirty Thousand, but each State shall have at Least one Representative."),
        same("When vacancies happen in the Representation from any State, the Executive Authority thereof shall issue Writs of Election to fill such Vacancies."),
        split(
            "The House of Representatives shall chuse their Speaker and other Officers; and shall have the sole Power of Impeachment.",
            "The House of Representatives shall choose its Speaker and other Officers.",
            "It alone has the Power of Impeachment.",
        ),
        add("The Speaker presides over the House and is chosen by a vote of its Members."),
    ],
    [
        split(
            "The Senate of the United States shall be composed of two Senators from each State, chosen by the Legislature thereof, for six Years; and each Senator shall have one Vote.",
            "The Senate of the United States shall be composed of two Senators from each State, chosen by the Legislature thereof, for six Years.",
            "Each Senator shall have one Vote.",
        ),
        same("Immediately after they shall be assembled in Consequence of the first Election, they shall be divided as equally as may be into three Classes."),
        same("No Person shall be a Senator who shall not have attained to the Age of thirty Years, and been nine Years a Citizen of the United States, and who shall not, when elected, be an Inhabitant of that State for which he shall be chosen."),
        edit(
            "The Vice President of the United States shall be President of the Senate, but shall have no Vote, unless they be equally divided.",
            "The Vice President of the United States shall be President of the Senate but shall have no Vote unless the Senators are equally divided.",
        ),
        split(
            "The Senate shall chuse their other Officers, and also a President pro tempore, in the Absence of the Vice President, or when he shall exercise the Office of President of the United States.",
            "The Senate shall choose its other Officers.",
            "It shall also choose a President pro tempore, who presides in the Absence of the Vice President or when the Vice President exercises the Office of President of the United States.",
        ),
        merge(
            [
                "The Senate shall have the sole Power to try all Impeachments.",
                "When sitting for that Purpose, they shall be on Oath or Affirmation.",
            ],
            "The Senate shall have the sole Power to try all Impeachments, and when sitting for that Purpose, Senators shall be on Oath or Affirmation.",
        ),
        split(
            "When the President of the United States is tried, the Chief Justice shall preside: And no Person shall be convicted without the Concurrence of two thirds of the Members present.",
            "When the President of the United States is tried, the Chief Justice shall preside.",
            "No Person shall be convicted without the Concurrence of two thirds of the Members present.",
        ),
        split(
            "Judgment in Cases of Impeachment shall not extend further than to removal from Office, and disqualification to hold and enjoy any Office of honor, Trust or Profit under the United States: but the Party convicted shall nevertheless be liable and subject to Indictment, Trial, Judgment and Punishment, according to Law.",
            "Judgment in Cases of Impeachment shall not extend further than removal from Office and disqualification to hold any Office of honor, Trust or Profit under the United States.",
            "However, the Party convicted remains liable to Indictment, Trial, Judgment and Punishment according to Law.",
        ),
    ],
    [
        split(
            "The Times, Places and Manner of holding Elections for Senators and Representatives, shall be prescribed in each State by the Legislature thereof; but the Congress may at any time by Law make or alter such Regulations, except as to the Places of chusing Senators.",
            "The Times, Places and Manner of holding Elections for Senators and Representatives shall be prescribed in each State by the Legislature thereof.",
            "But Congress may at any time make or alter such Regulations by Law, except as to the Places of choosing Senators.",
        ),
        edit(
            "The Congress shall assemble at least once in every Year, and such Meeting shall be on the first Monday in December, unless they shall by Law appoint a different Day.",
            "The Congress shall assemble at least once in every Year, on the first Monday in December, unless it shall by Law appoint a different Day.",
        ),
        add("The Twentieth Amendment later moved the start of this annual Meeting to the third Day of January."),
    ],
    [
        split(
            "Each House shall be the Judge of the Elections, Returns and Qualifications of its own Members, and a Majority of each shall constitute a Quorum to do Business; but a smaller Number may adjourn from day to day, and may be authorized to compel the Attendance of absent Members, in such Manner, and under such Penalties as each House may provide.",
            "Each House shall be the Judge of the Elections, Returns and Qualifications of its own Members.",
            "A Majority of each House shall constitute a Quorum to do Business.",
            "A smaller Number may adjourn from day to day and may be authorized to compel the Attendance of absent Members, in such Manner and under such Penalties as each House may provide.",
        ),
        same("Each House may determine the Rules of its Proceedings, punish its Members for disorderly Behaviour, and, with the Concurrence of two thirds, expel a Member."),
        split(
            "Each House shall keep a Journal of its Proceedings, and from time to time publish the same, excepting such Parts as may in their Judgment require Secrecy; and the Yeas and Nays of the Members of either House on any question shall, at the Desire of one fifth of those Present, be entered on the Journal.",
            "Each House shall keep a Journal of its Proceedings and publish it from time to time, except such Parts as may in its Judgment require Secrecy.",
            "At the Desire of one fifth of the Members present, the Yeas and Nays on any question shall be entered on the Journal.",
        ),
        same("Neither House, during the Session of Congress, shall, without the Consent of the other, adjourn for more than three days, nor to any other Place than that in which the two Houses shall be sitting."),
    ],
    [
        same("The Senators and Representatives shall receive a Compensation for their Services, to be ascertained by Law, and paid out of the Treasury of the United States."),
        split(
            "They shall in all Cases, except Treason, Felony and Breach of the Peace, be privileged from Arrest during their Attendance at the Session of their respective Houses, and in going to and returning from the same; and for any Speech or Debate in either House, they shall not be questioned in any other Place.",
            "Except in Cases of Treason, Felony and Breach of the Peace, they shall be privileged from Arrest during their Attendance at the Session of their respective Houses, and in going to and returning from the same.",
            "They shall not be questioned in any other Place for any Speech or Debate in either House.",
        ),
        split(
            "No Senator or Representative shall, during the Time for which he was elected, be appointed to any civil Office under the Authority of the United States, which shall have been created, or the Emoluments whereof shall have been encreased during such time; and no Person holding any Office under the United States, shall be a Member of either House during his Continuance in Office.",
            "No Senator or Representative shall, during the Time for which he was elected, be appointed to any civil Office under the Authority of the United States that was created, or whose pay was increased, during that time.",
            "Conversely, a Person who holds an Office under the United States may not sit in either House while he remains in it.",
        ),
    ],
    [
        same("All Bills for raising Revenue shall originate in the House of Representatives; but the Senate may propose or concur with Amendments as on other Bills."),
        split(
            "Every Bill which shall have passed the House of Representatives and the Senate, shall, before it become a Law, be presented to the President of the United States; If he approve he shall sign it, but if not he shall return it, with his Objections to that House in which it shall have originated, who shall enter the Objections at large on their Journal, and proceed to reconsider it.",
            "Every Bill which has passed the House of Representatives and the Senate shall, before it becomes a Law, be presented to the President of the United States.",
            "If he approves it, he shall sign it.",
            "If not, he shall return it with his Objections to the House in which it originated, which shall enter the Objections at large on its Journal and reconsider it.",
        ),
        edit(
            "If after such Reconsideration two thirds of that House shall agree to pass the Bill, it shall be sent, together with the Objections, to the other House, by which it shall likewise be reconsidered, and if approved by two thirds of that House, it shall become a Law.",
            "If after such Reconsideration two thirds of that House agree to pass the Bill, it shall be sent, together with the Objections, to the other House, which shall likewise reconsider it; if approved by two thirds of that House, it shall become a Law.",
        ),
        same("But in all such Cases the Votes of both Houses shall be determined by Yeas and Nays, and the Names of the Persons voting for and against the Bill shall be entered on the Journal of each House respectively."),
        split(
            "If any Bill shall not be returned by the President within ten Days (Sundays excepted) after it shall have been presented to him, the Same shall be a Law, in like Manner as if he had signed it, unless the Congress by their Adjournment prevent its Return, in which Case it shall not be a Law.",
            "If the President does not return a Bill within ten Days (Sundays excepted) after it has been presented to him, it becomes a Law as if he had signed it.",
            "The exception is an Adjournment of Congress that prevents its Return: the Bill then fails.",
        ),
    ],
    [
        split(
            "The Congress shall have Power To lay and collect Taxes, Duties, Imposts and Excises, to pay the Debts and provide for the common Defence and general Welfare of the United States; but all Duties, Imposts and Excises shall be uniform throughout the United States.",
            "The Congress shall have Power To lay and collect Taxes, Duties, Imposts and Excises, to pay the Debts and provide for the common Defence and general Welfare of the United States.",
            "All Duties, Imposts and Excises shall be uniform throughout the United States.",
        ),
        merge(
            [
                "It shall have Power to borrow Money on the credit of the United States.",
                "It shall also have Power to regulate Commerce with foreign Nations, and among the several States, and with the Indian Tribes.",
            ],
            "It shall have Power to borrow Money on the credit of the United States and to regulate Commerce with foreign Nations, among the several States, and with the Indian Tribes.",
        ),
        same("It shall have Power to establish an uniform Rule of Naturalization, and uniform Laws on the subject of Bankruptcies throughout the United States."),
        edit(
            "It shall have Power to coin Money, regulate the Value thereof, and of foreign Coin, and fix the Standard of Weights and Measures.",
            "It shall have Power to coin Money, to regulate its Value and the Value of foreign Coin, and to fix the Standard of Weights and Measures.",
        ),
        same("It shall have Power to establish Post Offices and post Roads."),
        edit(
            "It shall have Power to promote the Progress of Science and useful Arts, by securing for limited Times to Authors and Inventors the exclusive Right to their respective Writings and Discoveries.",
            "It shall have Power to promote the Progress of Science and useful Arts by securing to Authors and Inventors, for limited Times, the exclusive Right to their respective Writings and Discoveries.",
        ),
        same("It shall have Power to declare War, to raise and support Armies, and to provide and maintain a Navy."),
        split(
            "Finally, it shall have Power to make all Laws which shall be necessary and proper for carrying into Execution the foregoing Powers, and all other Powers vested by this Constitution in the Government of the United States, or in any Department or Officer thereof.",
            "Finally, it shall have Power to make all Laws which shall be necessary and proper for carrying into Execution the foregoing Powers.",
            "The same holds for every other Power that this Constitution gives to the Government of the United States or to any of its Departments or Officers.",
        ),
        add("Courts and commentators usually call this the Necessary and Proper Clause."),
    ],
    [
        same("The Privilege of the Writ of Habeas Corpus shall not be suspended, unless when in Cases of Rebellion or Invasion the public Safety may require it."),
        merge(
            [
                "No Bill of Attainder or ex post facto Law shall be passed.",
                "No Tax or Duty shall be laid on Articles exported from any State.",
            ],
            "No Bill of Attainder or ex post facto Law shall be passed, and no Tax or Duty shall be laid on Articles exported from any State.",
        ),
        split(
            "No Money shall be drawn from the Treasury, but in Consequence of Appropriations made by Law; and a regular Statement and Account of the Receipts and Expenditures of all public Money shall be published from time to time.",
            "No Money shall be drawn from the Treasury, but in Consequence of Appropriations made by Law.",
            "A regular Statement and Account of the Receipts and Expenditures of all public Money shall be published from time to time.",
        ),
        split(
            "No Title of Nobility shall be granted by the United States: And no Person holding any Office of Profit or Trust under them, shall, without the Consent of the Congress, accept of any present, Emolument, Office, or Title, of any kind whatever, from any King, Prince, or foreign State.",
            "No Title of Nobility shall be granted by the United States.",
            "No Person holding any Office of Profit or Trust under them shall, without the Consent of the Congress, accept any present, Emolument, Office, or Title of any kind whatever from any King, Prince, or foreign State.",
        ),
    ],
    [
        split(
            "No State shall enter into any Treaty, Alliance, or Confederation; grant Letters of Marque and Reprisal; coin Money; emit Bills of Credit; make any Thing but gold and silver Coin a Tender in Payment of Debts; pass any Bill of Attainder, ex post facto Law, or Law impairing the Obligation of Contracts, or grant any Title of Nobility.",
            "No State shall enter into any Treaty, Alliance, or Confederation, or grant Letters of Marque and Reprisal.",
            "No State shall coin Money, emit Bills of Credit, or make any Thing but gold and silver Coin a Tender in Payment of Debts.",
            "Nor shall any State pass any Bill of Attainder, ex post facto Law, or Law impairing the Obligation of Contracts, or grant any Title of Nobility.",
        ),
        same("No State shall, without the Consent of the Congress, lay any Imposts or Duties on Imports or Exports, except what may be absolutely necessary for executing its inspection Laws."),
        edit(
            "No State shall, without the Consent of Congress, keep Troops, or Ships of War in time of Peace, enter into any Agreement or Compact with another State, or with a foreign Power, or engage in War, unless actually invaded, or in such imminent Danger as will not admit of delay.",
            "Without the Consent of Congress, no State may keep Troops or Ships of War in time of Peace, make an Agreement or Compact with another State or a foreign Power, or engage in War unless it is actually invaded or in such imminent Danger as will not admit of delay.",
        ),
    ],
]
