import { STORE_KIND_LABELS, STORE_KINDS, STORE_UPLOAD_COLUMNS } from '@app/contract/stores';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { uploadStores } from '../modules/stores/stores-upload.service';
import { databaseFileStore } from '../plugins/storage';
import { staffIdOf } from './coupon-activity';

/** Cities with their state, PIN code and centre (WGS 84). */
const CITIES: [string, string, string, number, number][] = [
  ['Mumbai', 'Maharashtra', '400001', 18.9388, 72.8354],
  ['Pune', 'Maharashtra', '411001', 18.5204, 73.8567],
  ['Nagpur', 'Maharashtra', '440001', 21.1458, 79.0882],
  ['New Delhi', 'Delhi', '110001', 28.6139, 77.209],
  ['Gurugram', 'Haryana', '122001', 28.4595, 77.0266],
  ['Jaipur', 'Rajasthan', '302001', 26.9124, 75.7873],
  ['Ahmedabad', 'Gujarat', '380001', 23.0225, 72.5714],
  ['Surat', 'Gujarat', '395003', 21.1702, 72.8311],
  ['Bengaluru', 'Karnataka', '560001', 12.9716, 77.5946],
  ['Mysuru', 'Karnataka', '570001', 12.2958, 76.6394],
  ['Chennai', 'Tamil Nadu', '600001', 13.0827, 80.2707],
  ['Coimbatore', 'Tamil Nadu', '641001', 11.0168, 76.9558],
  ['Hyderabad', 'Telangana', '500001', 17.385, 78.4867],
  ['Visakhapatnam', 'Andhra Pradesh', '530001', 17.6868, 83.2185],
  ['Kochi', 'Kerala', '682001', 9.9312, 76.2673],
  ['Thiruvananthapuram', 'Kerala', '695001', 8.5241, 76.9366],
  ['Kolkata', 'West Bengal', '700001', 22.5726, 88.3639],
  ['Bhubaneswar', 'Odisha', '751001', 20.2961, 85.8245],
  ['Patna', 'Bihar', '800001', 25.5941, 85.1376],
  ['Lucknow', 'Uttar Pradesh', '226001', 26.8467, 80.9462],
  ['Kanpur', 'Uttar Pradesh', '208001', 26.4499, 80.3319],
  ['Bhopal', 'Madhya Pradesh', '462001', 23.2599, 77.4126],
  ['Indore', 'Madhya Pradesh', '452001', 22.7196, 75.8577],
  ['Raipur', 'Chhattisgarh', '492001', 21.2514, 81.6296],
  ['Guwahati', 'Assam', '781001', 26.1445, 91.7362],
  ['Chandigarh', 'Chandigarh', '160017', 30.7333, 76.7794],
  ['Ludhiana', 'Punjab', '141001', 30.901, 75.8573],
  ['Dehradun', 'Uttarakhand', '248001', 30.3165, 78.0322],
  ['Srinagar', 'Jammu and Kashmir', '190001', 34.0837, 74.7973],
  ['Panaji', 'Goa', '403001', 15.4909, 73.8278],
];
const OWNERS = [
  'Shree Ganesh',
  'Balaji',
  'Sai',
  'Om',
  'Laxmi',
  'Krishna',
  'Mahalaxmi',
  'Jai Hind',
  'Royal',
  'National',
];
const TRADES: Record<(typeof STORE_KINDS)[number], string> = {
  dealer: 'Plywood & Hardware',
  distributor: 'Laminates Distributors',
  experience_centre: 'Experience Centre',
  branch: 'Branch Office',
};
const PEOPLE = [
  'Ramesh Patil',
  'Anita Sharma',
  'Vikram Singh',
  'Priya Nair',
  'Suresh Reddy',
  'Farah Khan',
  'Arjun Das',
];

/** ~60 demo rows: two stores per city, every kind, a few inactive, spread a little around each centre. */
function demoRows(): (string | number)[][] {
  return CITIES.flatMap(([city, state, pincode, lat, lng], c) =>
    [0, 1].map((n) => {
      const i = c * 2 + n;
      const kind = STORE_KINDS[i % STORE_KINDS.length]!;
      const owner = OWNERS[i % OWNERS.length]!;
      return [
        `ST-${String(i + 1).padStart(3, '0')}`,
        kind === 'branch' || kind === 'experience_centre'
          ? `Action Tesa ${TRADES[kind]}, ${city}`
          : `${owner} ${TRADES[kind]}`,
        STORE_KIND_LABELS[kind],
        PEOPLE[i % PEOPLE.length]!,
        `9${String(812345670 + i * 7919).slice(0, 9)}`,
        i % 3 === 0 ? `store${i + 1}@example.com` : '',
        `${10 + i}, ${n === 0 ? 'Station Road' : 'Industrial Area'}`,
        city,
        state,
        pincode,
        Number((lat + (n === 0 ? 0.012 : -0.018) * ((i % 5) + 1)).toFixed(4)),
        Number((lng + (n === 0 ? -0.015 : 0.02) * ((i % 4) + 1)).toFixed(4)),
        kind === 'branch' ? 'Mon–Fri 9:30–18:00' : 'Mon–Sat 10:00–20:00',
        i % 13 === 5 ? 'No' : 'Yes',
      ];
    }),
  );
}

/** Demo stores, made through the upload service (so each has its audit entry), by the cs account. */
export async function seedDemoStores(database: Database) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Stores');
  ws.addRow([...STORE_UPLOAD_COLUMNS]);
  for (const row of demoRows()) ws.addRow(row);
  const content = Buffer.from(await wb.xlsx.writeBuffer());
  const app = { database, files: databaseFileStore(database) } as unknown as FastifyInstance;
  const actor = { id: await staffIdOf(database.db, 'cs'), role: 'cs', requestId: null };
  const result = await uploadStores(app, actor, { content, applyValid: false });
  if (result.status !== 'applied') throw new Error(`demo stores: ${JSON.stringify(result.errors)}`);
}
