// The country list of the subscribe and registration forms (public §3 "Country entry"): label, an
// optional friendly label, ISO 3166-1 alpha-2 and alpha-3 codes, the compliance flag (required for
// Canada and Brazil, optional for the EU member states and the United Kingdom) and the regions of
// the United States (State) and Canada (Province). Data, kept in the repo; browser-safe.

export type ComplianceFlag = 'required' | 'optional';

export interface RegionOption { label: string; value: string }
export interface CountryRegions { label: 'State' | 'Province'; options: RegionOption[] }

export interface Country {
  label: string;
  friendlyLabel?: string;
  /** ISO 3166-1 alpha-2, e.g. "CA". */
  alpha2: string;
  /** ISO 3166-1 alpha-3, e.g. "CAN": the form's default code size (public §9). */
  alpha3: string;
  compliance?: ComplianceFlag;
  regions?: CountryRegions;
}

/** alpha2|alpha3|label[|friendly label], ISO 3166-1 order by English short name. */
const ROWS = [
  'AF|AFG|Afghanistan',
  'AX|ALA|Åland Islands',
  'AL|ALB|Albania',
  'DZ|DZA|Algeria',
  'AS|ASM|American Samoa',
  'AD|AND|Andorra',
  'AO|AGO|Angola',
  'AI|AIA|Anguilla',
  'AQ|ATA|Antarctica',
  'AG|ATG|Antigua and Barbuda',
  'AR|ARG|Argentina',
  'AM|ARM|Armenia',
  'AW|ABW|Aruba',
  'AU|AUS|Australia',
  'AT|AUT|Austria',
  'AZ|AZE|Azerbaijan',
  'BS|BHS|Bahamas',
  'BH|BHR|Bahrain',
  'BD|BGD|Bangladesh',
  'BB|BRB|Barbados',
  'BY|BLR|Belarus',
  'BE|BEL|Belgium',
  'BZ|BLZ|Belize',
  'BJ|BEN|Benin',
  'BM|BMU|Bermuda',
  'BT|BTN|Bhutan',
  'BO|BOL|Bolivia, Plurinational State of|Bolivia',
  'BQ|BES|Bonaire, Sint Eustatius and Saba|Caribbean Netherlands',
  'BA|BIH|Bosnia and Herzegovina',
  'BW|BWA|Botswana',
  'BV|BVT|Bouvet Island',
  'BR|BRA|Brazil',
  'IO|IOT|British Indian Ocean Territory',
  'BN|BRN|Brunei Darussalam|Brunei',
  'BG|BGR|Bulgaria',
  'BF|BFA|Burkina Faso',
  'BI|BDI|Burundi',
  'KH|KHM|Cambodia',
  'CM|CMR|Cameroon',
  'CA|CAN|Canada',
  'CV|CPV|Cape Verde',
  'KY|CYM|Cayman Islands',
  'CF|CAF|Central African Republic',
  'TD|TCD|Chad',
  'CL|CHL|Chile',
  'CN|CHN|China',
  'CX|CXR|Christmas Island',
  'CC|CCK|Cocos (Keeling) Islands',
  'CO|COL|Colombia',
  'KM|COM|Comoros',
  'CG|COG|Congo|Republic of the Congo',
  'CD|COD|Congo, the Democratic Republic of the|DR Congo',
  'CK|COK|Cook Islands',
  'CR|CRI|Costa Rica',
  'CI|CIV|Côte d\'Ivoire',
  'HR|HRV|Croatia',
  'CU|CUB|Cuba',
  'CW|CUW|Curaçao',
  'CY|CYP|Cyprus',
  'CZ|CZE|Czech Republic|Czechia',
  'DK|DNK|Denmark',
  'DJ|DJI|Djibouti',
  'DM|DMA|Dominica',
  'DO|DOM|Dominican Republic',
  'EC|ECU|Ecuador',
  'EG|EGY|Egypt',
  'SV|SLV|El Salvador',
  'GQ|GNQ|Equatorial Guinea',
  'ER|ERI|Eritrea',
  'EE|EST|Estonia',
  'ET|ETH|Ethiopia',
  'FK|FLK|Falkland Islands (Malvinas)|Falkland Islands',
  'FO|FRO|Faroe Islands',
  'FJ|FJI|Fiji',
  'FI|FIN|Finland',
  'FR|FRA|France',
  'GF|GUF|French Guiana',
  'PF|PYF|French Polynesia',
  'TF|ATF|French Southern Territories',
  'GA|GAB|Gabon',
  'GM|GMB|Gambia',
  'GE|GEO|Georgia',
  'DE|DEU|Germany',
  'GH|GHA|Ghana',
  'GI|GIB|Gibraltar',
  'GR|GRC|Greece',
  'GL|GRL|Greenland',
  'GD|GRD|Grenada',
  'GP|GLP|Guadeloupe',
  'GU|GUM|Guam',
  'GT|GTM|Guatemala',
  'GG|GGY|Guernsey',
  'GN|GIN|Guinea',
  'GW|GNB|Guinea-Bissau',
  'GY|GUY|Guyana',
  'HT|HTI|Haiti',
  'HM|HMD|Heard Island and McDonald Islands',
  'VA|VAT|Holy See (Vatican City State)|Vatican City',
  'HN|HND|Honduras',
  'HK|HKG|Hong Kong',
  'HU|HUN|Hungary',
  'IS|ISL|Iceland',
  'IN|IND|India',
  'ID|IDN|Indonesia',
  'IR|IRN|Iran, Islamic Republic of|Iran',
  'IQ|IRQ|Iraq',
  'IE|IRL|Ireland',
  'IM|IMN|Isle of Man',
  'IL|ISR|Israel',
  'IT|ITA|Italy',
  'JM|JAM|Jamaica',
  'JP|JPN|Japan',
  'JE|JEY|Jersey',
  'JO|JOR|Jordan',
  'KZ|KAZ|Kazakhstan',
  'KE|KEN|Kenya',
  'KI|KIR|Kiribati',
  'KP|PRK|Korea, Democratic People\'s Republic of|North Korea',
  'KR|KOR|Korea, Republic of|South Korea',
  'KW|KWT|Kuwait',
  'KG|KGZ|Kyrgyzstan',
  'LA|LAO|Lao People\'s Democratic Republic|Laos',
  'LV|LVA|Latvia',
  'LB|LBN|Lebanon',
  'LS|LSO|Lesotho',
  'LR|LBR|Liberia',
  'LY|LBY|Libya',
  'LI|LIE|Liechtenstein',
  'LT|LTU|Lithuania',
  'LU|LUX|Luxembourg',
  'MO|MAC|Macao|Macau',
  'MK|MKD|North Macedonia',
  'MG|MDG|Madagascar',
  'MW|MWI|Malawi',
  'MY|MYS|Malaysia',
  'MV|MDV|Maldives',
  'ML|MLI|Mali',
  'MT|MLT|Malta',
  'MH|MHL|Marshall Islands',
  'MQ|MTQ|Martinique',
  'MR|MRT|Mauritania',
  'MU|MUS|Mauritius',
  'YT|MYT|Mayotte',
  'MX|MEX|Mexico',
  'FM|FSM|Micronesia, Federated States of|Micronesia',
  'MD|MDA|Moldova, Republic of|Moldova',
  'MC|MCO|Monaco',
  'MN|MNG|Mongolia',
  'ME|MNE|Montenegro',
  'MS|MSR|Montserrat',
  'MA|MAR|Morocco',
  'MZ|MOZ|Mozambique',
  'MM|MMR|Myanmar',
  'NA|NAM|Namibia',
  'NR|NRU|Nauru',
  'NP|NPL|Nepal',
  'NL|NLD|Netherlands',
  'NC|NCL|New Caledonia',
  'NZ|NZL|New Zealand',
  'NI|NIC|Nicaragua',
  'NE|NER|Niger',
  'NG|NGA|Nigeria',
  'NU|NIU|Niue',
  'NF|NFK|Norfolk Island',
  'MP|MNP|Northern Mariana Islands',
  'NO|NOR|Norway',
  'OM|OMN|Oman',
  'PK|PAK|Pakistan',
  'PW|PLW|Palau',
  'PS|PSE|Palestine, State of|Palestine',
  'PA|PAN|Panama',
  'PG|PNG|Papua New Guinea',
  'PY|PRY|Paraguay',
  'PE|PER|Peru',
  'PH|PHL|Philippines',
  'PN|PCN|Pitcairn',
  'PL|POL|Poland',
  'PT|PRT|Portugal',
  'PR|PRI|Puerto Rico',
  'QA|QAT|Qatar',
  'RE|REU|Réunion',
  'RO|ROU|Romania',
  'RU|RUS|Russian Federation|Russia',
  'RW|RWA|Rwanda',
  'BL|BLM|Saint Barthélemy',
  'SH|SHN|Saint Helena, Ascension and Tristan da Cunha|Saint Helena',
  'KN|KNA|Saint Kitts and Nevis',
  'LC|LCA|Saint Lucia',
  'MF|MAF|Saint Martin (French part)',
  'PM|SPM|Saint Pierre and Miquelon',
  'VC|VCT|Saint Vincent and the Grenadines',
  'WS|WSM|Samoa',
  'SM|SMR|San Marino',
  'ST|STP|Sao Tome and Principe',
  'SA|SAU|Saudi Arabia',
  'SN|SEN|Senegal',
  'RS|SRB|Serbia',
  'SC|SYC|Seychelles',
  'SL|SLE|Sierra Leone',
  'SG|SGP|Singapore',
  'SX|SXM|Sint Maarten (Dutch part)',
  'SK|SVK|Slovakia',
  'SI|SVN|Slovenia',
  'SB|SLB|Solomon Islands',
  'SO|SOM|Somalia',
  'ZA|ZAF|South Africa',
  'GS|SGS|South Georgia and the South Sandwich Islands',
  'SS|SSD|South Sudan',
  'ES|ESP|Spain',
  'LK|LKA|Sri Lanka',
  'SD|SDN|Sudan',
  'SR|SUR|Suriname',
  'SJ|SJM|Svalbard and Jan Mayen',
  'SZ|SWZ|Eswatini',
  'SE|SWE|Sweden',
  'CH|CHE|Switzerland',
  'SY|SYR|Syrian Arab Republic|Syria',
  'TW|TWN|Taiwan',
  'TJ|TJK|Tajikistan',
  'TZ|TZA|Tanzania, United Republic of|Tanzania',
  'TH|THA|Thailand',
  'TL|TLS|Timor-Leste',
  'TG|TGO|Togo',
  'TK|TKL|Tokelau',
  'TO|TON|Tonga',
  'TT|TTO|Trinidad and Tobago',
  'TN|TUN|Tunisia',
  'TR|TUR|Türkiye',
  'TM|TKM|Turkmenistan',
  'TC|TCA|Turks and Caicos Islands',
  'TV|TUV|Tuvalu',
  'UG|UGA|Uganda',
  'UA|UKR|Ukraine',
  'AE|ARE|United Arab Emirates',
  'GB|GBR|United Kingdom',
  'US|USA|United States',
  'UM|UMI|United States Minor Outlying Islands',
  'UY|URY|Uruguay',
  'UZ|UZB|Uzbekistan',
  'VU|VUT|Vanuatu',
  'VE|VEN|Venezuela, Bolivarian Republic of|Venezuela',
  'VN|VNM|Viet Nam|Vietnam',
  'VG|VGB|Virgin Islands, British|British Virgin Islands',
  'VI|VIR|Virgin Islands, U.S.|U.S. Virgin Islands',
  'WF|WLF|Wallis and Futuna',
  'EH|ESH|Western Sahara',
  'YE|YEM|Yemen',
  'ZM|ZMB|Zambia',
  'ZW|ZWE|Zimbabwe',
] as const;

const US_STATES: RegionOption[] = [
  ['Alabama', 'AL'], ['Alaska', 'AK'], ['Arizona', 'AZ'], ['Arkansas', 'AR'], ['California', 'CA'],
  ['Colorado', 'CO'], ['Connecticut', 'CT'], ['Delaware', 'DE'], ['District of Columbia', 'DC'],
  ['Florida', 'FL'], ['Georgia', 'GA'], ['Hawaii', 'HI'], ['Idaho', 'ID'], ['Illinois', 'IL'],
  ['Indiana', 'IN'], ['Iowa', 'IA'], ['Kansas', 'KS'], ['Kentucky', 'KY'], ['Louisiana', 'LA'],
  ['Maine', 'ME'], ['Maryland', 'MD'], ['Massachusetts', 'MA'], ['Michigan', 'MI'], ['Minnesota', 'MN'],
  ['Mississippi', 'MS'], ['Missouri', 'MO'], ['Montana', 'MT'], ['Nebraska', 'NE'], ['Nevada', 'NV'],
  ['New Hampshire', 'NH'], ['New Jersey', 'NJ'], ['New Mexico', 'NM'], ['New York', 'NY'],
  ['North Carolina', 'NC'], ['North Dakota', 'ND'], ['Ohio', 'OH'], ['Oklahoma', 'OK'], ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'], ['Rhode Island', 'RI'], ['South Carolina', 'SC'], ['South Dakota', 'SD'],
  ['Tennessee', 'TN'], ['Texas', 'TX'], ['Utah', 'UT'], ['Vermont', 'VT'], ['Virginia', 'VA'],
  ['Washington', 'WA'], ['West Virginia', 'WV'], ['Wisconsin', 'WI'], ['Wyoming', 'WY'],
].map(([label, value]) => ({ label: label as string, value: value as string }));

const CANADIAN_PROVINCES: RegionOption[] = [
  ['Alberta', 'AB'], ['British Columbia', 'BC'], ['Manitoba', 'MB'], ['New Brunswick', 'NB'],
  ['Newfoundland and Labrador', 'NL'], ['Northwest Territories', 'NT'], ['Nova Scotia', 'NS'],
  ['Nunavut', 'NU'], ['Ontario', 'ON'], ['Prince Edward Island', 'PE'], ['Quebec', 'QC'],
  ['Saskatchewan', 'SK'], ['Yukon', 'YT'],
].map(([label, value]) => ({ label: label as string, value: value as string }));

/** The 27 EU member states (alpha-3). */
export const EU_COUNTRIES = [
  'AUT', 'BEL', 'BGR', 'HRV', 'CYP', 'CZE', 'DNK', 'EST', 'FIN', 'FRA', 'DEU', 'GRC', 'HUN', 'IRL',
  'ITA', 'LVA', 'LTU', 'LUX', 'MLT', 'NLD', 'POL', 'PRT', 'ROU', 'SVK', 'SVN', 'ESP', 'SWE',
] as const;

const COMPLIANCE: Record<string, ComplianceFlag> = {
  CAN: 'required',
  BRA: 'required',
  GBR: 'optional',
  ...Object.fromEntries(EU_COUNTRIES.map((c) => [c, 'optional' as const])),
};

const REGIONS: Record<string, CountryRegions> = {
  USA: { label: 'State', options: US_STATES },
  CAN: { label: 'Province', options: CANADIAN_PROVINCES },
};

export const COUNTRIES: readonly Country[] = ROWS.map((row) => {
  const [alpha2, alpha3, label, friendlyLabel] = row.split('|') as [string, string, string, string | undefined];
  const c: Country = { label, alpha2, alpha3 };
  if (friendlyLabel) c.friendlyLabel = friendlyLabel;
  const compliance = COMPLIANCE[alpha3];
  if (compliance) c.compliance = compliance;
  const regions = REGIONS[alpha3];
  if (regions) c.regions = regions;
  return c;
});

const BY_CODE = new Map<string, Country>();
for (const c of COUNTRIES) {
  BY_CODE.set(c.alpha2, c);
  BY_CODE.set(c.alpha3, c);
}

/** The country with a two- or three-letter code (case-insensitive), or undefined. */
export function findCountry(code: string | null | undefined): Country | undefined {
  if (typeof code !== 'string') return undefined;
  return BY_CODE.get(code.trim().toUpperCase());
}

/** The consent object's key (public §3): CASL for Canada, GDPR for every other country. */
export function consentKey(countryCode: string): 'CASL' | 'GDPR' {
  return findCountry(countryCode)?.alpha3 === 'CAN' ? 'CASL' : 'GDPR';
}

/** The label a select shows: the friendly label when there is one. */
export function countryDisplayLabel(c: Country): string {
  return c.friendlyLabel ?? c.label;
}
