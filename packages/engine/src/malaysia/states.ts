// Malaysian states, keyed by the two-digit code of the State dictionary. The NRIC place-of-birth
// codes below are the National Registration Department's; the postcode names are those of the
// malaysia-postcodes data set.

export interface MalaysianState {
  code: string;
  name: string;
  postcodeName: string;
  birthPlaceCodes: string[];
}

export const MALAYSIAN_STATES: MalaysianState[] = [
  { code: '01', name: 'Johor', postcodeName: 'Johor', birthPlaceCodes: ['01', '21', '22', '23', '24'] },
  { code: '02', name: 'Kedah', postcodeName: 'Kedah', birthPlaceCodes: ['02', '25', '26', '27'] },
  { code: '03', name: 'Kelantan', postcodeName: 'Kelantan', birthPlaceCodes: ['03', '28', '29'] },
  { code: '04', name: 'Melaka', postcodeName: 'Melaka', birthPlaceCodes: ['04', '30'] },
  { code: '05', name: 'Negeri Sembilan', postcodeName: 'Negeri Sembilan', birthPlaceCodes: ['05', '31', '59'] },
  { code: '06', name: 'Pahang', postcodeName: 'Pahang', birthPlaceCodes: ['06', '32', '33'] },
  { code: '07', name: 'Pulau Pinang', postcodeName: 'Pulau Pinang', birthPlaceCodes: ['07', '34', '35'] },
  { code: '08', name: 'Perak', postcodeName: 'Perak', birthPlaceCodes: ['08', '36', '37', '38', '39'] },
  { code: '09', name: 'Perlis', postcodeName: 'Perlis', birthPlaceCodes: ['09', '40'] },
  { code: '10', name: 'Selangor', postcodeName: 'Selangor', birthPlaceCodes: ['10', '41', '42', '43', '44'] },
  { code: '11', name: 'Terengganu', postcodeName: 'Terengganu', birthPlaceCodes: ['11', '45', '46'] },
  { code: '12', name: 'Sabah', postcodeName: 'Sabah', birthPlaceCodes: ['12', '47', '48', '49'] },
  { code: '13', name: 'Sarawak', postcodeName: 'Sarawak', birthPlaceCodes: ['13', '50', '51', '52', '53'] },
  { code: '14', name: 'W.P. Kuala Lumpur', postcodeName: 'Wp Kuala Lumpur', birthPlaceCodes: ['14', '54', '55', '56', '57'] },
  { code: '15', name: 'W.P. Labuan', postcodeName: 'Wp Labuan', birthPlaceCodes: ['15', '58'] },
  { code: '16', name: 'W.P. Putrajaya', postcodeName: 'Wp Putrajaya', birthPlaceCodes: ['16'] },
];

export const stateByBirthPlaceCode = (code: string): MalaysianState | undefined =>
  MALAYSIAN_STATES.find((state) => state.birthPlaceCodes.includes(code));

export const stateByPostcodeName = (name: string): MalaysianState | undefined =>
  MALAYSIAN_STATES.find((state) => state.postcodeName.toLowerCase() === name.toLowerCase());
