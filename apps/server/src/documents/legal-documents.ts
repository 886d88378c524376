// The legal documents of SPEC §3 (ids are the Agreement dictionary's values). Rendered to PDF by
// documents/legal-pdf.ts; the texts are the broker's to replace with its counsel's wording.

export interface LegalDocument {
  id: number;
  title: string;
  paragraphs: string[];
}

const contact = 'Questions: customer service 1300-22-1233.';

export const LEGAL_DOCUMENTS: LegalDocument[] = [
  {
    id: 1,
    title: 'CDS Account Statement',
    paragraphs: [
      'A Central Depository System (CDS) account will be opened in your name with Bursa Malaysia Depository Sdn Bhd for the securities you buy on Bursa Malaysia.',
      'You authorise us, as your Authorised Depository Agent, to open and operate the CDS account according to the Securities Industry (Central Depositories) Act 1991 and the Rules of Bursa Malaysia Depository.',
      'Statements of your CDS account are sent to the e-mail address you gave. Check each statement and tell us of any error within 14 days.',
      contact,
    ],
  },
  {
    id: 2,
    title: 'US Withholding Tax Form (W-8BEN)',
    paragraphs: [
      'To trade US securities you certify that you are not a US person for US tax purposes, and that you are the beneficial owner of the income.',
      'Under penalties of perjury you declare that the information you gave in this application, including your name, country of tax residence and tax identification number, is true, correct and complete.',
      'This certification stays in force until the last day of the third calendar year after it is signed, unless a change of circumstances makes it incorrect. Tell us within 30 days of any such change.',
      contact,
    ],
  },
  {
    id: 3,
    title: 'Personal Data Protection Notice',
    paragraphs: [
      'We process your personal data under the Personal Data Protection Act 2010 to open and operate your accounts, to verify your identity, to meet our legal and regulatory duties, and to contact you about your accounts.',
      'Your data may be shared with Bursa Malaysia, the Securities Commission, our clearing and custodian agents, identity-verification and payment providers, and the authorities where the law requires it.',
      'You may ask to see or correct your data, and to limit its processing, by writing to our data protection officer. Some data is needed: without it we cannot open an account.',
      contact,
    ],
  },
  {
    id: 4,
    title: 'Transaction Statement',
    paragraphs: [
      'Contract notes and monthly statements are issued electronically. You agree to receive them by e-mail and in the app instead of on paper.',
      'Trades are settled on the dates the exchange sets. Amounts due must be paid by the settlement date; late payment may lead to interest charges and forced selling.',
      contact,
    ],
  },
  {
    id: 5,
    title: 'General Disclaimer',
    paragraphs: [
      'Investing in securities carries risk. Prices may go down as well as up, and you may lose more than you invested when trading on margin.',
      'Information in the app is not investment advice. Decide on your investments according to your own objectives, financial situation and needs.',
      contact,
    ],
  },
  {
    id: 6,
    title: 'User Agreement',
    paragraphs: [
      'This agreement governs your trading accounts with us. By signing you agree to the terms and conditions, the fee schedule and the rules of the exchanges where you trade.',
      'You are responsible for the security of your login details and for every order placed with them.',
      'We may change these terms with at least 21 days notice. Continuing to use the accounts after that means you accept the change.',
      contact,
    ],
  },
  {
    id: 7,
    title: 'User Agreement (Islamic)',
    paragraphs: [
      'This agreement governs your Islamic cash account, operated according to Shariah principles as advised by our Shariah adviser.',
      'Only Shariah-compliant securities may be bought in the account. No interest is charged or paid; late payment charges are channelled to charity.',
      'By signing you agree to the terms and conditions, the fee schedule and the rules of the exchanges where you trade.',
      contact,
    ],
  },
  {
    id: 8,
    title: 'Share Margin Financing Agreement',
    paragraphs: [
      'Share margin financing lets you buy securities with credit we extend against the securities and cash in your account as collateral.',
      'If the margin of your account falls below the maintenance level we will issue a margin call. If you do not top up in time, we may sell the collateral without further notice.',
      'Interest is charged daily on the amount financed at the rate in the fee schedule.',
      contact,
    ],
  },
];
