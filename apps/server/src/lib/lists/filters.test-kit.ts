import { expect } from 'vitest';
import { AppError } from '../errors';

/** The fields of the 400 that `fn` throws (it must throw one). */
export const fieldsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).fields;
  }
  throw new Error('expected a 400');
};
