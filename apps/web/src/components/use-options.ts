import { couponBatchesEndpoints } from '@app/contract/coupon-batches';
import type { Endpoint, EndpointResponse } from '@app/contract/endpoint';
import { formatCount } from '@app/contract/format';
import { type ProductOption, productsEndpoints } from '@app/contract/products';
import { useEffect, useState } from 'react';
import { call } from '../app/api';

/** An options endpoint without parameters (contract `optionsEndpoint`): GET, an array of rows. */
type OptionsEndpoint = Endpoint & { method: 'GET'; params?: never; response: object };

/**
 * The one options hook: the rows of a picker's endpoint (contract `optionsEndpoint`), empty while
 * loading or when the call fails (a picker without choices, not an error page).
 */
export function useOptions<E extends OptionsEndpoint>(declaration: E): EndpointResponse<E> | [] {
  const [rows, setRows] = useState<EndpointResponse<E> | []>([]);
  useEffect(() => {
    let live = true;
    call(declaration as OptionsEndpoint)
      .then((r) => live && setRows(r as EndpointResponse<E>))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [declaration]);
  return rows;
}

/** SKUs with their base points. */
export const useProductOptions = () => useOptions(productsEndpoints.options);

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
  return useOptions(couponBatchesEndpoints.options).map((b) => ({
    id: b.id,
    name: `#${b.id} ${b.sku} · ${b.firstSerial}–${b.lastSerial} (${formatCount(b.quantity)})`,
    batch: b,
  }));
}
