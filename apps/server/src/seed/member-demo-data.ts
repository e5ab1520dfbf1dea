/** Deterministic ingredients of the demo members: names, places, a seeded random source. */

/** mulberry32: the same demo data on every fresh start. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Picks by weight: [[value, weight], ...]. */
  const weighted = <T>(table: readonly (readonly [T, number])[]): T => {
    let roll = next() * table.reduce((s, [, w]) => s + w, 0);
    for (const [value, w] of table) {
      roll -= w;
      if (roll < 0) return value;
    }
    return table.at(-1)![0];
  };
  return { next, int, pick, weighted };
}

export const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Arjun',
  'Sai',
  'Rohan',
  'Imran',
  'Karan',
  'Manoj',
  'Suresh',
  'Ramesh',
  'Vijay',
  'Anil',
  'Sunil',
  'Rakesh',
  'Deepak',
  'Harish',
  'Prakash',
  'Ganesh',
  'Mahesh',
  'Priya',
  'Anjali',
  'Kavita',
  'Sunita',
  'Meena',
  'Pooja',
  'Farhan',
  'Gurpreet',
  'Joseph',
  'Naveen',
] as const;
export const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Khan',
  'Singh',
  'Yadav',
  'Gupta',
  'Joshi',
  'Das',
  'Mehta',
  'Kulkarni',
  'Pillai',
  'Chauhan',
  'Mishra',
  'Shaikh',
  'Rao',
  'Bose',
] as const;

/** State → [district, city, pincode prefix]. */
export const PLACES: Record<string, [string, string, string][]> = {
  Maharashtra: [
    ['Pune', 'Pune', '411'],
    ['Mumbai Suburban', 'Mumbai', '400'],
    ['Nagpur', 'Nagpur', '440'],
  ],
  Gujarat: [
    ['Ahmedabad', 'Ahmedabad', '380'],
    ['Surat', 'Surat', '395'],
  ],
  Karnataka: [
    ['Bengaluru Urban', 'Bengaluru', '560'],
    ['Mysuru', 'Mysuru', '570'],
  ],
  'Tamil Nadu': [
    ['Chennai', 'Chennai', '600'],
    ['Coimbatore', 'Coimbatore', '641'],
  ],
  Telangana: [['Hyderabad', 'Hyderabad', '500']],
  'Uttar Pradesh': [
    ['Lucknow', 'Lucknow', '226'],
    ['Kanpur Nagar', 'Kanpur', '208'],
  ],
  Rajasthan: [
    ['Jaipur', 'Jaipur', '302'],
    ['Jodhpur', 'Jodhpur', '342'],
  ],
  'West Bengal': [['Kolkata', 'Kolkata', '700']],
  Delhi: [['New Delhi', 'New Delhi', '110']],
  Kerala: [['Ernakulam', 'Kochi', '682']],
  Punjab: [['Ludhiana', 'Ludhiana', '141']],
  'Madhya Pradesh': [
    ['Indore', 'Indore', '452'],
    ['Bhopal', 'Bhopal', '462'],
  ],
};

export const BANKS = [
  ['State Bank of India', 'SBIN'],
  ['HDFC Bank', 'HDFC'],
  ['ICICI Bank', 'ICIC'],
  ['Axis Bank', 'UTIB'],
  ['Punjab National Bank', 'PUNB'],
] as const;

export const JOINING_POINTS = {
  carpenter: 100,
  contractor: 150,
  architect: 200,
  dealer: 250,
  retailer: 100,
} as const;
