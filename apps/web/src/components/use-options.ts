import type { BatchOption } from '@app/contract/coupon-batches';
import { formatCount } from '@app/contract/format';
import type { ProductOption } from '@app/contract/products';
import { useEffect, useState } from 'react';
import { api } from '../app/api';

function useOptions<T>(path: string): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    api<T[]>(path)
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [path]);
  return rows;
}

/** SKUs with their base points. */
export const useProductOptions = () => useOptions<ProductOption>('/admin/products/options');

/** SKUs for pickers: "SKU — name", inactive ones marked and disabled. */
export const productChoices = (products: ProductOption[]) =>
  products.map((p) => ({
    id: p.id,
    name: `${p.sku} — ${p.name}${p.active ? '' : ' (inactive)'}`,
    disabled: !p.active,
  }));

export const useProductChoices = () => productChoices(useProductOptions());

/** Ready batches for the print and damaged pages. */
export function useBatchChoices() {
  return useOptions<BatchOption>('/admin/coupon-batches/options').map((b) => ({
    id: b.id,
    name: `#${b.id} ${b.sku} · ${b.firstSerial}–${b.lastSerial} (${formatCount(b.quantity)})`,
    batch: b,
  }));
}
