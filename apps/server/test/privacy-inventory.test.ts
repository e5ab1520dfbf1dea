import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVENTORY, inventoryProblems, schemaColumns } from '../../../scripts/privacy-inventory';

describe('the data inventory check (npm run check)', () => {
  it('classifies every column of the schema, and fails naming a new column that is in neither list', async () => {
    const columns = await schemaColumns();
    expect(columns.length).toBeGreaterThan(900);
    const markdown = fs.readFileSync(INVENTORY, 'utf8');
    expect(inventoryProblems(columns, markdown)).toEqual([]);

    const withNew = [...columns, { table: 'members', column: 'aadhaar_number' }];
    expect(inventoryProblems(withNew, markdown)).toEqual([
      'members.aadhaar_number: not in the data inventory (docs/privacy.md): list it as personal or not personal',
    ]);
    // Listed as personal without its purpose: refused too.
    const entry = markdown.replace(
      '### `members`\n',
      '### `members`\n\n| column | data | purpose | retention | who may see |\n|---|---|---|---|---|\n| `aadhaar_number` | Aadhaar | | | |\n',
    );
    expect(inventoryProblems(withNew, entry)).toEqual([
      'members.aadhaar_number: a personal column needs its data, purpose, retention and who may see it',
    ]);
  });
});
