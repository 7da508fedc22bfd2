import type { ReactNode } from "react";
import { textInput } from "@/components/ui/buttons";

/** A password field with its label; `errorId` names the error it is invalid for, if any. */
export function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  autoFocus?: boolean;
  errorId?: string;
}) {
  return (
    <label className="block text-sm font-medium text-slate-700" htmlFor={props.id}>
      {props.label}
      <input
        id={props.id}
        type="password"
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        value={props.value}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
        onChange={(e) => props.onChange(e.target.value)}
        className={textInput}
      />
    </label>
  );
}

/** A form's error message, announced (the fields point at it with aria-describedby). */
export function FormError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}
