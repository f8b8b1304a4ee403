import { useState } from 'react';
import { SearchField } from './search-field';

type SearchFormProps = {
  id: string;
  /** Read by screen readers; the placeholder and the magnifier say it on screen. */
  label: string;
  /** The search text in the URL. */
  query: string;
  placeholder: string;
  onSearch: (q: string) => void;
};

/** Searches when Enter is pressed; the clear button drops the search at once. */
export function SearchForm({ id, label, query, placeholder, onSearch }: SearchFormProps) {
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // Back/forward or a shared link changes the URL's search: show it.
  if (shownQuery !== query) {
    setShownQuery(query);
    setText(query);
  }
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <SearchField
        id={id}
        label={label}
        hideLabel
        placeholder={placeholder}
        value={text}
        onValueChange={setText}
        onClear={() => {
          setText('');
          onSearch('');
        }}
      />
    </form>
  );
}
