import type { ListResult } from '@app/contract/list';
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { api } from './api';

/**
 * The one react-admin data provider: a resource name is its API path under {api}
 * (e.g. `admin/staff`). Lists speak the contract of packages/contract/src/list.ts; moving to the
 * next page reuses the previous page's cursor (keyset), other jumps use the page number.
 */
const cursors = new Map<string, string>();
const cursorKey = (resource: string, filter: unknown, sort: unknown, perPage: number, page: number) =>
  JSON.stringify([resource, filter, sort, perPage, page]);

export const dataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const sort = params.sort;
    const filter = params.filter ?? {};
    const cursor = cursors.get(cursorKey(resource, filter, sort, perPage, page));
    const result = await api<ListResult<RaRecord>>(`/${resource}`, {
      query: {
        page,
        perPage,
        sort: sort?.field,
        order: sort?.order,
        filter: JSON.stringify(filter),
        cursor,
      },
      signal: params.signal,
    });
    if (result.nextCursor)
      cursors.set(cursorKey(resource, filter, sort, perPage, page + 1), result.nextCursor);
    // Very large tables answer an estimated total; ListPagination shows it as "about N".
    const totalIsEstimate = (result as { totalIsEstimate?: boolean }).totalIsEstimate === true;
    return { data: result.rows, total: result.total, meta: { totalIsEstimate } };
  },
  async getOne(resource, params) {
    return { data: await api<RaRecord>(`/${resource}/${params.id}`, { signal: params.signal }) };
  },
  async getMany(resource, params) {
    const data = await Promise.all(params.ids.map((id: Identifier) => api<RaRecord>(`/${resource}/${id}`)));
    return { data };
  },
  async getManyReference(resource, params) {
    const { page, perPage } = params.pagination;
    const result = await api<ListResult<RaRecord>>(`/${resource}`, {
      query: {
        page,
        perPage,
        sort: params.sort.field,
        order: params.sort.order,
        filter: JSON.stringify({ ...params.filter, [params.target]: params.id }),
      },
    });
    return { data: result.rows, total: result.total };
  },
  async create(resource, params) {
    // `meta.idempotencyKey`: a create that must happen once however often it is submitted.
    const idempotencyKey = (params.meta as { idempotencyKey?: string } | undefined)?.idempotencyKey;
    return {
      data: await api<RaRecord>(`/${resource}`, { method: 'POST', body: params.data, idempotencyKey }),
    };
  },
  async update(resource, params) {
    return { data: await api<RaRecord>(`/${resource}/${params.id}`, { method: 'PUT', body: params.data }) };
  },
  async updateMany(resource, params) {
    await Promise.all(
      params.ids.map((id: Identifier) => api(`/${resource}/${id}`, { method: 'PUT', body: params.data })),
    );
    return { data: params.ids };
  },
  async delete(resource, params) {
    await api(`/${resource}/${params.id}`, { method: 'DELETE' });
    return { data: params.previousData as RaRecord };
  },
  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id: Identifier) => api(`/${resource}/${id}`, { method: 'DELETE' })));
    return { data: params.ids };
  },
} as DataProvider;
