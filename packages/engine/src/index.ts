// The browser-safe surface of the engine: no ajv compiler, no file system.
export * from './step-schema.ts';
export * from './rules.ts';
export * from './compile.ts';
export * from './validate.ts';
export * from './payload.ts';
export * from './payload-types.ts';
export * from './data-key.ts';
export * from './cleaners.ts';
export * from './dictionaries.ts';
export * from './countries.ts';
export { ruleParts, partsOf, requiredMessageKey, MALAYSIA, IDENTITY_TYPE, ACCOUNT_TYPE, UPLOAD_TYPES, type Message, type MessageParams } from './validation-rules.ts';
export { suggestEmail, completeEmail, SUGGESTED_EMAIL_DOMAINS } from './checks/email.ts';
export { checkMobile } from './checks/phone.ts';
export { ageOn, isAgeAllowed, isValidForMonths, parseIsoDate } from './checks/dates.ts';
export { parseNric, formatNric, type NricFacts } from './malaysia/nric.ts';
export { parseIdAddress, splitIntoLines, joinAddressLines, splitAddressLines, ADDRESS_LINE_LENGTH, type ParsedAddress } from './malaysia/address.ts';
export { lookupPostcode, type PostcodePlace } from './malaysia/postcodes.ts';
export { MALAYSIAN_STATES } from './malaysia/states.ts';
