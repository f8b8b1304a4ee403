import type { ReactNode, Ref } from 'react';
import { buttonClasses } from './button';

type FilePickButtonProps = {
  id: string;
  /** The button's words: 'Add photos'. */
  children: ReactNode;
  accept: readonly string[];
  multiple?: boolean;
  disabled: boolean;
  invalid: boolean;
  /** The ids of the field's hint and, while one shows, its error. */
  describedBy: string;
  /** Told the files picked (one at most unless `multiple`). */
  onPick: (files: File[]) => void;
  /** To give the picker the focus back, e.g. once the file it chose is removed. */
  inputRef?: Ref<HTMLInputElement>;
};

/** A file input shown as a button: the input itself is hidden, its label is what is pressed. */
export function FilePickButton({
  id,
  children,
  accept,
  multiple = false,
  disabled,
  invalid,
  describedBy,
  onPick,
  inputRef,
}: FilePickButtonProps) {
  return (
    <label
      htmlFor={id}
      className={buttonClasses(
        'secondary',
        `cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-emerald-600 ${
          disabled ? 'pointer-events-none opacity-60' : ''
        }`,
      )}
    >
      {children}
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={multiple}
        accept={accept.join(',')}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event) => {
          onPick(Array.from(event.target.files ?? []));
          // Cleared so picking the same file again still fires a change.
          event.target.value = '';
        }}
      />
    </label>
  );
}
