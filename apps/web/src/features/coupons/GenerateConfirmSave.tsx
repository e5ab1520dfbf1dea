import type { ProductOption } from '@app/contract/products';
import { useState } from 'react';
import { setSubmissionErrors, useSaveContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { GenerateConfirmDialog, type GenerateRequest } from './GenerateConfirmDialog';

const newKey = () => crypto.randomUUID();

/**
 * Inside the Generate form: the submitted values are asked about first (GenerateConfirmDialog),
 * then the batch is created once: the request carries an Idempotency-Key that changes only after a
 * success, so a double submit makes one batch. After a success the form is emptied, so the next
 * click cannot repeat the batch by accident.
 */
export function GenerateConfirmSave(props: {
  request: GenerateRequest | null;
  products: ProductOption[];
  onClose: () => void;
  onCreated: () => void;
}) {
  const { reset, setError } = useFormContext();
  const { save } = useSaveContext();
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);

  const confirm = async () => {
    if (!props.request || !save) return;
    const errors = await save(props.request, {
      meta: { idempotencyKey },
      onSuccess: () => {
        reset();
        setIdempotencyKey(newKey());
        props.onCreated();
      },
    });
    props.onClose();
    if (errors) setSubmissionErrors(errors, setError);
  };

  return (
    <GenerateConfirmDialog
      request={props.request}
      product={props.products.find((p) => p.id === props.request?.productId)}
      onCancel={props.onClose}
      onConfirm={confirm}
    />
  );
}
