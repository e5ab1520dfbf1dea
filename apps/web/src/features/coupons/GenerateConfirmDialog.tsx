import { formatCount, formatDay } from '@app/contract/format';
import type { ProductOption } from '@app/contract/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export interface GenerateRequest {
  productId: number;
  quantity: number;
  expiresOn: string;
  note?: string | null;
}

/**
 * The last look before up to 1 crore codes are made: how many, for which SKU, and the points they
 * carry at the SKU's base points (schemes may add more when they are scanned).
 */
export function GenerateConfirmDialog(props: {
  request: GenerateRequest | null;
  product: ProductOption | undefined;
  onCancel: () => void;
  onConfirm: () => Promise<unknown>;
}) {
  const { request, product } = props;
  if (!request) return null;
  const points = product ? product.basePoints * request.quantity : undefined;
  return (
    <ConfirmDialog
      title={`Generate ${formatCount(request.quantity)} QR codes?`}
      verb={`Generate ${formatCount(request.quantity)} codes`}
      text={
        <>
          {formatCount(request.quantity)} codes for{' '}
          {product ? `${product.sku} — ${product.name}` : 'this SKU'}, expiring on{' '}
          {formatDay(request.expiresOn)}.
          {points !== undefined &&
            ` Points at stake: ${formatCount(points)} (${formatCount(product!.basePoints)} per scan at the points in force, before schemes).`}
        </>
      }
      onSubmit={props.onConfirm}
      onClose={props.onCancel}
    />
  );
}
