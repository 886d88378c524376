// The fill-data payload of every step: one runtime description that the schema lint checks each
// dataKey against, and from which the TypeScript payload types are derived, so they cannot drift.

type Leaf = 'string' | 'number' | 'boolean';
type Shape = { readonly [key: string]: Leaf | Shape | readonly [Shape] };

const address = { addrType: 'number', country: 'string', postalCode: 'string', state: 'string', city: 'string', address: 'string' } as const;

export const payloadShapes = {
  contact: {
    areaCode: 'string',
    mobile: 'string',
    email: 'string',
    username: 'string',
    hasCdsAccount: 'boolean',
    agentChoice: 'number',
    drCode: 'string',
    nationalityCode: 'string',
    invitationCode: 'string',
  },
  market: { myMarket: 'boolean', myType: 'number', hkMarket: 'boolean', usMarket: 'boolean', marginAcc: 'boolean' },
  identity: { idKind: 'number', documentName: 'string', documentNumber: 'string', isEkycSuccess: 'boolean' },
  personal: {
    name: 'string',
    nationalityCode: 'string',
    identityKind: 'number',
    idNo: 'string',
    passportExpiryDate: 'string',
    oldIdNo: 'string',
    gender: 'number',
    birthDate: 'string',
    maritalStatus: 'number',
    race: 'number',
    raceOther: 'string',
    education: 'number',
    addressList: [address],
    isSameRegisteredAddr: 'boolean',
  },
  work: {
    employmentStatus: 'number',
    employmentStatusOther: 'string',
    industry: 'number',
    industryOther: 'string',
    occupation: 'number',
    occupationOther: 'string',
    companyName: 'string',
    yearsOfService: 'string',
    officePhone: 'string',
    annualIncome: 'number',
    estimatedNetWorth: 'number',
    sourceOfWealth: 'string',
    sourceOfWealthOther: 'string',
    incomeProofPath: 'string',
    extraIncomeProofPath: 'string',
    spouse: { name: 'string', employmentStatus: 'number', companyName: 'string', occupation: 'number', annualIncome: 'number' },
  },
  financial: {
    totalNetWorth: 'number',
    isIslamicBank: 'boolean',
    dto: { bankName: 'string' },
    bankAccount: 'string',
    bankStatementPath: 'string',
    notJointOrThirdParty: 'boolean',
  },
  investment: {
    investmentTerm: 'number',
    riskTolerance: 'number',
    investmentObjective: 'string',
    stockInvestment: 'number',
    hasOtherCds: 'boolean',
    existingCds: 'string',
    existingCdsOther: 'string',
  },
  tax: {
    birthCountry: 'string',
    birthCity: 'string',
    taxResidentOutsideMy: 'boolean',
    taxResidence: {
      country: 'string',
      city: 'string',
      hasTin: 'boolean',
      tin: 'string',
      noTinReason: 'string',
      unableReason: 'number',
      unableReasonOther: 'string',
    },
    feaRulesStatement: 'number',
    needEInvoice: 'boolean',
  },
  declaration: {
    relative: { exists: 'boolean', relationship: 'number', name: 'string', clientCode: 'string' },
    pep: { exists: 'boolean', name: 'string', position: 'string', employer: 'string', country: 'string' },
    principalDeclaration: 'boolean',
    acceptDeclaration: 'boolean',
    invitationCode: 'string',
  },
  agreement: { agreedDocuments: 'string', agreementAccepted: 'boolean' },
  signature: { signImgPath: 'string' },
  payment: { payStatus: 'number' },
  documentUpload: { idDocument: { frontImgPath: 'string', backImgPath: 'string' } },
} as const satisfies Record<string, Shape>;

export type StepId = keyof typeof payloadShapes;

type LeafType<L> = L extends 'string' ? string : L extends 'number' ? number : L extends 'boolean' ? boolean : never;
export type PayloadOf<S> = {
  -readonly [K in keyof S]?: S[K] extends Leaf ? LeafType<S[K]> : S[K] extends readonly [infer E] ? PayloadOf<E>[] : PayloadOf<S[K]>;
};
/** The fill-data payload of a step, e.g. StepPayload<'personal'>. */
export type StepPayload<S extends StepId> = PayloadOf<(typeof payloadShapes)[S]>;

/** The leaf type a dataKey reaches in a step's payload, or undefined when the path does not exist. */
export function payloadLeafType(stepId: string, segments: { property: string; selectKey?: string }[]): Leaf | undefined {
  let node: Shape | Leaf | readonly [Shape] | undefined = (payloadShapes as Record<string, Shape>)[stepId];
  for (const segment of segments) {
    if (node === undefined || typeof node === 'string' || Array.isArray(node)) return undefined;
    node = (node as Shape)[segment.property];
    if (segment.selectKey !== undefined) {
      if (!Array.isArray(node)) return undefined;
      const element: Shape = (node as readonly [Shape])[0];
      if (!(segment.selectKey in element)) return undefined;
      node = element;
    } else if (Array.isArray(node)) return undefined;
  }
  return typeof node === 'string' ? (node as Leaf) : undefined;
}
