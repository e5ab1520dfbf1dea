import { STORE_UPLOAD_COLUMNS } from '@app/contract/stores';
import { readSheet, templateWorkbook } from '../../lib/sheets';

/** Reads the first sheet of a store upload; the header row must name the template's columns. */
export const readStoresSheet = (content: Buffer) => readSheet(content, STORE_UPLOAD_COLUMNS);

/** The upload template: the header, one example row, and the rules. */
export const storesTemplate = () =>
  templateWorkbook({
    sheet: 'Stores',
    columns: STORE_UPLOAD_COLUMNS,
    examples: [
      [
        'STORE-CODE',
        'Shree Ganesh Hardware',
        'Dealer',
        'Ramesh Patil',
        '9876543210',
        'shree@example.com',
        'Shop 4, MG Road',
        'Pune',
        'Maharashtra',
        '411001',
        18.5204,
        73.8567,
        'Mon–Sat 10:00–20:00',
        'Yes',
      ],
    ],
    instructions: [
      'One row per store. A row whose Code is already a store updates that store; a new Code adds one.',
      'Code: 2 to 32 letters, digits, dashes or underscores. Kind: Dealer, Distributor, Experience centre or Branch.',
      'Contact person, Phone (8 to 15 digits), Address, City, State (an Indian state or union territory) and PIN code (6 digits) are required; Email and Opening hours may be empty.',
      'Latitude and Longitude: decimal degrees inside India (latitude 6 to 37.5, longitude 68 to 97.5), e.g. 18.5204 and 73.8567.',
      'Active: Yes or No (empty is Yes). The same Code may appear only once in a file.',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });
