import type { Ref } from "react";
import { Field } from "./field";
import { Input, type InputProps } from "./input";

export interface TextFieldProps extends Omit<InputProps, "id"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose error sits right under it and is tied to it: `Field` + `Input`. */
export function TextField({ id, label, hint, error, required, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      {(control) => <Input {...control} required={required} className={className} {...input} />}
    </Field>
  );
}
