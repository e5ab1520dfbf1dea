import type { TestApp } from '../../../test/harness';

/** Small helpers the staff, roles and dashboard tests share. */
export function staffKit(t: TestApp) {
  const q = (filter: object) => encodeURIComponent(JSON.stringify(filter));
  const roleId = async (name: string): Promise<number> => {
    const { rows } = await t.database.executeSql('select id from roles where name = $1', [name]);
    return Number(rows[0]!.id);
  };
  const staffId = async (email: string): Promise<number> => {
    const { rows } = await t.database.executeSql('select id from staff where lower(email) = lower($1)', [
      email,
    ]);
    return Number(rows[0]!.id);
  };
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  const tokenOf = async (email: string, password: string): Promise<string> => {
    const res = await login(email, password);
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  /** Creates an account through the API (as `by`) and returns its id and a signed-in token. */
  const createAccount = async (by: string, email: string, role: string, password = 'Sturdy-Pass-42') => {
    const res = await t.as(by, {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { name: `Test ${email}`, email, roleId: await roleId(role), password },
    });
    if (res.statusCode !== 200) throw new Error(`create ${email}: ${res.statusCode} ${res.body}`);
    const id = res.json().id as number;
    return { id, token: await tokenOf(email, password) };
  };
  const auditOf = async (entity: string, id: number | string) => {
    const res = await t.as('admin', {
      method: 'GET',
      url: `/api/admin/audit?sort=id&order=ASC&filter=${q({ entity, entityId: String(id) })}`,
    });
    return res.json().rows as { action: string; before: unknown; after: unknown; actorRole: string }[];
  };
  return { q, roleId, staffId, login, tokenOf, createAccount, auditOf };
}
