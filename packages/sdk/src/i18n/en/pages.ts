/** Text of the server-rendered pages (never shipped to the browser). */
export const pages = {
  description: "Private-credit lending on Base: tranched pools, 7-day epochs, token locking.",
  home: {
    title: "Private credit, on chain",
    lead: "Lend USDC to real-world borrowers through tranched lending pools on Base. Interest accrues every 7-day epoch; deposits and withdrawals clear in the last 48 hours of each epoch.",
    lendingTitle: "Lending",
    lendingText:
      "Choose a pool and a tranche: junior tranches earn more and absorb losses first, senior tranches earn less and are repaid first.",
    lendingLink: "View lending strategies →",
    lockingTitle: "Locking",
    lockingText:
      "Lock {product} to receive r{product}, reach loyalty levels and share in protocol fees.",
    lockingLink: "Go to locking →",
  },
  notFound: {
    title: "Page not found",
    lead: "There is no page at this address.",
    link: "Go to lending strategies",
  },
  lending: {
    metaTitle: "Lending",
    title: "Lending strategies",
    lead: "Deposit USDC into a tranche of a lending pool. Variable APYs are per tranche; requests are processed at the end of each epoch.",
  },
  strategies: {
    readError: "The lending strategies could not be read from the network.",
    variableApy: "Variable APY",
    capacity: "Capacity",
    totalAssets: "Total assets",
    closed: {
      title: "Closed lending strategies",
      lead: "Strategies that take no new deposits: every tranche has reached its capacity and no fixed-term option is offered. Existing positions keep earning and can be withdrawn as usual.",
      empty: "There are no closed lending strategies.",
    },
    fullySubscribed: {
      title: "Fully subscribed lending strategies",
      lead: "Strategies whose tranches have all reached their capacity. They accept new deposits again when capacity frees up in a later epoch.",
      empty: "There are no fully subscribed lending strategies.",
    },
  },
  terms: {
    metaTitle: "Important information",
    title: "Important information document",
    lead: "The terms and conditions that apply to every deposit and withdrawal. By lending you accept them; read them before you lend.",
    eligibilityTitle: "1. Eligibility",
    eligibility:
      "You may lend only after completing identity verification (KYC) with our provider, and only if lending is lawful for you where you live. You lend for your own account, from a wallet that you control.",
    depositsTitle: "2. Deposits",
    deposits:
      "A deposit is a request to lend USDC to one tranche of a lending pool, subject to the tranche's minimum and maximum deposit per epoch and to its capacity. Before each deposit you sign a Loan Contract that states its terms; a generated Loan Contract is valid for 5 minutes. Requests are processed in the clearing period at the end of the epoch: they can be accepted in full or in part, reallocated to another tranche, or rejected, in which case the amount is returned. A request can be cancelled until it is processed.",
    interestTitle: "3. Interest and fees",
    interest:
      "Interest accrues per epoch at the tranche's variable APY, or at the fixed APY of the fixed term you chose. A performance fee of 10% of the interest is deducted; half of it funds fee sharing for token lockers. APYs shown are gross unless stated otherwise.",
    withdrawalsTitle: "4. Withdrawals",
    withdrawals:
      "A withdrawal is a request processed at the end of an epoch, paid to the wallet that made the deposit from the liquidity available. An amount that cannot be paid stays queued for the following epochs. Fixed-term deposits can be withdrawn at the end of their term, with a request made the required number of epochs in advance; otherwise they convert to the variable APY.",
    lossesTitle: "5. Losses",
    losses:
      "Losses of a pool are borne by its tranches in order of seniority, junior first. You can lose part or all of your deposit. See the {link}.",
    lossesLink: "risk warning",
    recordsTitle: "6. Records and notices",
    records:
      "The chain is the record of deposits, withdrawals and balances. Signed Loan Contracts can be downloaded from your portfolio. Notices are sent to the email address you give during verification.",
    changesTitle: "7. Changes",
    changes:
      "These terms can change. A change applies to requests made after it is published here; the Loan Contract you signed governs your existing deposits.",
  },
  riskWarning: {
    metaTitle: "Risk warning",
    title: "Risk warning",
    lead: "Lending to private-credit borrowers is a high-risk investment. Read this warning in full before you deposit, and only lend what you can afford to lose.",
    capitalAtRisk:
      "Your capital is at risk. You may lose part or all of the amount you lend. Past or displayed returns are not a reliable indicator of future returns, and nothing on this site is investment, legal or tax advice.",
    lossTitle: "Loss of capital",
    loss: "The pools lend to businesses. Borrowers can pay late, restructure their loans or default, and recoveries after a default can take a long time and may be partial or nil. Any loss is borne by the lenders of the pool. Deposits are not bank deposits and are not covered by any deposit guarantee or investor compensation scheme.",
    returnsTitle: "Returns are not guaranteed",
    returns:
      "Variable APYs are set per tranche and can change every epoch. A fixed APY applies only for the fixed term you choose and only while the borrowers pay. The earnings simulator shows an estimate, not a promise.",
    subordinationTitle: "Subordination",
    subordination:
      "Each pool is split into tranches. Junior tranches absorb losses before the more senior ones and the senior lender is repaid first. A higher APY on a junior tranche is compensation for a higher chance of loss, not a safer return. See {link}.",
    subordinationLink: "subordination of loans",
    liquidityTitle: "Liquidity and withdrawal queues",
    liquidity:
      "Your money is lent out for the term of the loans. Deposit and withdrawal requests are processed only at the end of each 7-day epoch, in the clearing period. A withdrawal is paid only from the liquidity available at that time; the rest stays queued for later epochs and may take a long time to be paid. Fixed-term deposits cannot be withdrawn before the end of their term. You may not get your money back when you want it.",
    contractsTitle: "Smart contract and network risk",
    contracts:
      "The pools run on smart contracts on a public blockchain. Contracts can contain bugs or be exploited, the network can be congested or halted, and the USDC stablecoin can lose its peg or be frozen by its issuer. Transactions on the chain cannot be reversed. You are responsible for the security of your wallet and its keys.",
    kycTitle: "Identity verification (KYC)",
    kyc: "You must pass identity verification before you lend. Verification can be refused, delayed or withdrawn, and your access can be restricted where the law requires it, including while funds are deposited.",
    regulatoryTitle: "Regulatory and tax risk",
    regulatory:
      "The rules for digital assets and private credit change and differ by country. A change in law can affect the product or your access to it. You are responsible for any tax on your returns.",
    readTerms: "Before you lend, read the {link}.",
    readTermsLink: "important information document",
  },
  borrow: {
    metaTitle: "Borrow",
    title: "Borrow",
    lead: "Lending pools finance established businesses and credit funds. This page explains how borrowing through the protocol works.",
    whoTitle: "Who can borrow",
    who: "Borrowers are businesses with a track record of lending or of revenue that can be verified: specialist lenders, credit funds and operating companies. The protocol does not lend to individuals. Every borrower is identified and reviewed before a pool is opened for it.",
    setupTitle: "How a pool is set up",
    setup:
      "Each borrower has its own lending pool, split into tranches from junior to senior with their own interest rate, deposit limits and capacity. A delegate reviews the borrower, agrees the terms and manages the pool: drawdowns, repayments and decisions on individual loans.",
    drawdownsTitle: "Drawdowns and repayments",
    drawdowns:
      "Lenders' deposits are accepted at the end of each 7-day epoch, during the clearing period. The borrower draws down the accepted funds in USDC and pays interest every epoch; repayments fund lenders' withdrawals. Repayment figures are published per pool so lenders can follow the performance of the loan book.",
    askTitle: "What we ask of borrowers",
    ask: "Regular reporting on the loan book, timely interest payments, notice of any arrears or losses, and acceptance of lenders' opt-in or opt-out decisions on identified end borrowers within 2 days.",
    contactTitle: "Talk to us",
    contactText:
      "If your business wants to borrow, tell us about it: what you finance, the amount and term you need, and your track record. We answer every request.",
    contactButton: "Contact the team",
    contactSubject: "Borrowing enquiry",
    lenders: "Lenders: see the {link} for how pools work.",
    lendersLink: "documentation",
  },
  docs: {
    metaTitle: "Documentation",
    title: "Documentation",
    lead: "How lending pools, tranches, epochs, fees and loyalty levels work.",
    poolsTitle: "Lending pools and tranches",
    pools:
      "Each lending pool finances one borrower. A pool is split into tranches, from the most junior to the most senior. Each tranche has its own variable APY, a minimum and a maximum deposit per lender and epoch, and a capacity. When a tranche's capacity is reached it is oversubscribed until capacity frees up.",
    epochsTitle: "Epochs and clearing",
    epochs:
      "The protocol runs in {epochDays}-day epochs. Deposit and withdrawal requests made during an epoch are processed in its clearing period, the last {clearingHours} hours of the epoch: deposits are accepted, reallocated to another tranche or rejected, and withdrawals are paid from the liquidity available, the rest staying queued for later epochs. Interest accrues per epoch. A request can be cancelled until it is processed.",
    contract:
      "Before each deposit you generate and sign a Loan Contract. It is valid for {minutes} minutes; after that generate a new one.",
    fixedTermsTitle: "Fixed terms",
    fixedTerms:
      "Some tranches offer fixed terms: a fixed APY for a number of epochs instead of the variable APY. A fixed term may be open to everyone or to an allowlist. At the end of the term the deposit converts to the variable APY, unless you asked to withdraw it at expiry, which must be requested the pool's set number of epochs in advance.",
    feesTitle: "Fees",
    fees: "A performance fee of {fee} of lender interest is deducted; half of it ({lockerShare} of interest) funds fee sharing for {product} lockers. For example, a gross APY of {grossApy} gives a net APY of {netApy}.",
    loyaltyTitle: "Loyalty levels",
    loyalty:
      "Locking {product} earns r{product}. Your loyalty level depends on the value of your r{product} as a percentage of your deposits: level 1 from {level1Percent}%, level 2 from {level2Percent}%. Levels 1 and 2 count as loyal and earn a bonus paid in {product}: {level1Bonus} a year at level 1 and {level2Bonus} at level 2. As a guide, level 1 starts at about {level1Lock} {product} locked and level 2 at about {level2Lock} {product}. See {link}.",
    loyaltyLink: "locking",
    subordinationTitle: "Subordination of loans",
    subordination:
      "Losses are absorbed by the most junior tranche first, then by the next one; the senior lender is repaid first and bears losses last. In exchange, junior tranches earn a higher interest rate. Choose a tranche for its risk, not only for its APY. See the {link}.",
    subordinationLink: "risk warning",
  },
  locking: {
    title: "Locking",
  },
  portfolio: {
    title: "My Portfolio",
  },
  myTransactions: {
    title: "My transactions",
  },
  bonusAndRewards: {
    title: "Bonus and rewards",
  },
  referral: {
    metaTitle: "Referral",
    invalidTitle: "Invalid referral link",
    invalid:
      "“{address}” is not a valid wallet address. Ask the person who referred you for their full referral link.",
    title: "You were referred",
    text: "This referral link belongs to {address}. Connect your wallet and apply the referral code to link your account to them; only new users who have not deposited yet are eligible.",
  },
} as const;
