import type { ProductOption } from '@app/contract/products';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface GenerateRequest {
  productId: number;
  quantity: number;
  expiresOn: string;
  note?: string | null;
}

const inIndia = (n: number) => n.toLocaleString('en-IN');

/**
 * The last look before up to 1 crore codes are made: how many, for which SKU, and the points they
 * carry at the SKU's base points (schemes may add more when they are scanned).
 */
export function GenerateConfirmDialog(props: {
  request: GenerateRequest | null;
  product: ProductOption | undefined;
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { request, product } = props;
  if (!request) return null;
  const points = product ? product.basePoints * request.quantity : undefined;
  return (
    <Dialog open onClose={props.onCancel} aria-labelledby="generate-confirm-title">
      <DialogTitle id="generate-confirm-title">Generate {inIndia(request.quantity)} QR codes?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {inIndia(request.quantity)} codes for {product ? `${product.sku} — ${product.name}` : 'this SKU'},
          expiring on {request.expiresOn}.
        </DialogContentText>
        {points !== undefined && (
          <DialogContentText sx={{ mt: 1 }}>
            Points at stake: {inIndia(points)} ({inIndia(product!.basePoints)} per scan at base points).
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.saving}>
          Generate {inIndia(request.quantity)} codes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
