import { type DefaultValue, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

type Options<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** When fields are first checked in the browser; after that, on every keystroke. */
  shouldValidate?: 'onBlur' | 'onSubmit';
};

/**
 * A Conform form validated by `schema` in the browser, the same schema its action
 * uses on the server, so both give the same messages.
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: Options<Schema>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
  });
}
