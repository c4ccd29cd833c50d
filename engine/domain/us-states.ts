// The US map block's states (public §4 "US map"): the 50 states and DC with their place on a tile
// grid map (12 columns × 8 rows, one square a state), so the map is plain HTML links laid out by CSS
// grid: readable by screen readers in alphabetical order, and nothing to load or draw.

export interface UsState { code: string; name: string; row: number; col: number }

/** Row by row, west to east; "" is an empty tile. */
const TILES = [
  ['AK', '', '', '', '', '', '', '', '', '', '', 'ME'],
  ['', '', '', '', '', '', 'WI', '', '', '', 'VT', 'NH'],
  ['WA', 'ID', 'MT', 'ND', 'MN', 'IL', 'MI', '', 'NY', 'MA'],
  ['OR', 'NV', 'WY', 'SD', 'IA', 'IN', 'OH', 'PA', 'NJ', 'CT', 'RI'],
  ['CA', 'UT', 'CO', 'NE', 'MO', 'KY', 'WV', 'VA', 'MD', 'DE'],
  ['', 'AZ', 'NM', 'KS', 'AR', 'TN', 'NC', 'SC', 'DC'],
  ['', '', '', 'OK', 'LA', 'MS', 'AL', 'GA'],
  ['HI', '', '', 'TX', '', '', '', '', 'FL'],
];

const NAMES: Record<string, string> = {
  AK: 'Alaska', AL: 'Alabama', AR: 'Arkansas', AZ: 'Arizona', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DC: 'District of Columbia', DE: 'Delaware', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', IA: 'Iowa', ID: 'Idaho',
  IL: 'Illinois', IN: 'Indiana', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', MA: 'Massachusetts', MD: 'Maryland',
  ME: 'Maine', MI: 'Michigan', MN: 'Minnesota', MO: 'Missouri', MS: 'Mississippi', MT: 'Montana', NC: 'North Carolina',
  ND: 'North Dakota', NE: 'Nebraska', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NV: 'Nevada',
  NY: 'New York', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VA: 'Virginia', VT: 'Vermont', WA: 'Washington',
  WI: 'Wisconsin', WV: 'West Virginia', WY: 'Wyoming',
};

/** Every state with its tile (1-based grid row and column), alphabetical by name. */
export const US_STATES: readonly UsState[] = TILES.flatMap((cells, r) => cells.flatMap((code, c) => (code ? [{ code, name: NAMES[code]!, row: r + 1, col: c + 1 }] : [])))
  .sort((a, b) => a.name.localeCompare(b.name));

/** The template with the state filled in: {state} the lower-case code, {name} the URL-encoded name. */
export function stateLink(template: string, s: Pick<UsState, 'code' | 'name'>): string {
  return template.replaceAll('{state}', s.code.toLowerCase()).replaceAll('{name}', encodeURIComponent(s.name));
}
