import { giftVouchersEndpoints } from '@app/contract/gift-vouchers';
import { useEffect, useState } from 'react';
import { call } from '../../app/api';

/** Brands in stock, as filter choices. */
export function useVoucherBrands() {
  const [brands, setBrands] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    call(giftVouchersEndpoints.brands)
      .then((b) => live && setBrands(b))
      .catch(() => live && setBrands([]));
    return () => {
      live = false;
    };
  }, []);
  return brands.map((b) => ({ id: b, name: b }));
}
