import { type DefaultValue, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type * as schemas from '~/utils/schemas';

type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type Schemas = typeof schemas;
/** The forms' schemas in app/utils/schemas.ts, by name. */
export type FormSchemaName = { [Name in keyof Schemas]: Schemas[Name] extends FormSchema ? Name : never }[keyof Schemas];
type SchemaNamed<Name extends FormSchemaName> = Extract<Schemas[Name], FormSchema>;

type Options<Schema extends FormSchema> = {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** When fields are first checked in the browser; after that, on every keystroke. */
  shouldValidate?: 'onBlur' | 'onSubmit';
};

/** Conform's name for the button of an intent (a field checked on blur or input, not a post). */
const INTENT = '__intent__';

/** What a form asked for while its checks were still on their way: done once they are there. */
type Waiting = { submit: { submitter: HTMLElement | null } | null; intents: Set<string> };

/**
 * A Conform form validated in the browser by the schema `name` of app/utils/schemas.ts,
 * the one its action uses on the server, so both give the same messages. Zod and the
 * schemas are fetched and run when the visitor first turns to the form (a focus, a
 * press, a key), not while the page hydrates, where they held a phone's main thread
 * 40-60 ms on every page with a form (docs/decisions/031-form-checks-on-first-use.md).
 * A form the server refused loads them at once: its fields are checked again on input.
 * Whatever the form asks of them before they are there (a field left, a post) waits
 * for them and is then done as it would have been; should they not load (the network
 * went), a post goes to the server, which checks it with the same schema. Without
 * JavaScript nothing changes: the form posts and the server answers.
 */
export function useZodForm<Name extends FormSchemaName>(name: Name, options: Options<SchemaNamed<Name>>) {
  type Schema = SchemaNamed<Name>;
  /** Checks the form's data against its schema, as Conform's `onValidate` does. */
  type Validate = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;
  const [validate, setValidate] = useState<Validate | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const waiting = useRef<Waiting>({ submit: null, intents: new Set() });
  // Started once, for the first render's schema: a form's schema does not change.
  const [load] = useState(() => {
    let started = false;
    return () => {
      if (started) return;
      started = true;
      Promise.all([import('~/utils/schemas'), import('@conform-to/zod/v4')]).then(
        ([all, zod]) =>
          setValidate(
            () => (formData: FormData) => zod.parseWithZod(formData, { schema: all[name] as FormSchema }) as ReturnType<Validate>,
          ),
        () => setUnavailable(true),
      );
    };
  });

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    // Unset only once the schema could not be loaded: the post then goes to the server as it is.
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    shouldValidate: options.shouldValidate ?? 'onBlur',
    shouldRevalidate: 'onInput',
  });

  // Loaded on the first focus, press or keystroke in the form; at once for a form the server refused.
  const refused = options.lastResult?.status === 'error';
  useEffect(() => {
    if (validate || unavailable) return;
    if (refused) {
      load();
      return;
    }
    const inForm = (event: Event) => event.target instanceof Element && formOf(event.target)?.id === options.id;
    const onFirstUse = (event: Event) => {
      if (inForm(event)) load();
    };
    const events = ['focusin', 'pointerdown', 'keydown', 'input'] as const;
    for (const type of events) document.addEventListener(type, onFirstUse, true);
    return () => {
      for (const type of events) document.removeEventListener(type, onFirstUse, true);
    };
  }, [options.id, refused, validate, unavailable, load]);

  // What was asked before the checks arrived, done now: the post, then the fields left meanwhile.
  useEffect(() => {
    if (!validate && !unavailable) return;
    const { submit, intents } = waiting.current;
    waiting.current = { submit: null, intents: new Set() };
    const element = document.getElementById(options.id);
    if (!(element instanceof HTMLFormElement) || !element.isConnected) return;
    if (submit) {
      const { submitter } = submit;
      element.requestSubmit(submitter?.isConnected && formOf(submitter) === element ? submitter : undefined);
    } else if (validate) {
      for (const intent of intents) requestIntent(element, intent);
    }
  }, [validate, unavailable, options.id]);

  /** The form's submit handler: Conform's, once it has the schema (or never will). */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (validate) return form.onSubmit(event);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute('name') === INTENT ? submitter.getAttribute('value') : null;
    if (unavailable) {
      // Without the schema a field's check has nothing to run: only posts go on, to the server.
      if (intent !== null) event.preventDefault();
      else form.onSubmit(event);
      return;
    }
    event.preventDefault();
    if (intent !== null) waiting.current.intents.add(intent);
    // One post, the last asked for, whatever was pressed meanwhile.
    else waiting.current.submit = { submitter };
    load();
  };
  const formWithHandler = new Proxy(form, {
    get: (target, key, receiver) => (key === 'onSubmit' ? onSubmit : Reflect.get(target, key, receiver)),
  });
  return [formWithHandler, fields] as const;
}

function formOf(element: Element): HTMLFormElement | null {
  if ('form' in element && element.form instanceof HTMLFormElement) return element.form;
  return element.closest('form');
}

/** A field's check asked of the form again, as Conform asks it: a hidden button submitting the intent. */
function requestIntent(form: HTMLFormElement, intent: string) {
  const button = document.createElement('button');
  button.name = INTENT;
  button.value = intent;
  button.hidden = true;
  button.formNoValidate = true;
  button.setAttribute('form', form.id);
  document.body.append(button);
  try {
    form.requestSubmit(button);
  } finally {
    button.remove();
  }
}
