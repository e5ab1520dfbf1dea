import { useEffect, useState } from 'react';
import { api } from '../../app/api';

/** Brands in stock, as filter choices. */
export function useVoucherBrands() {
  const [brands, setBrands] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    api<string[]>('/admin/gift-vouchers/brands')
      .then((b) => live && setBrands(b))
      .catch(() => live && setBrands([]));
    return () => {
      live = false;
    };
  }, []);
  return brands.map((b) => ({ id: b, name: b }));
}
