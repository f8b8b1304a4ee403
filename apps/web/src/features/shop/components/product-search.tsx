import { useState } from 'react';
import { SearchField } from '@/components/search-field';

type ProductSearchProps = {
  /** The search text in the URL. */
  query: string;
  placeholder: string;
  onSearch: (q: string) => void;
};

/** Searches product titles when Enter is pressed; the clear button drops the search at once. */
export function ProductSearch({ query, placeholder, onSearch }: ProductSearchProps) {
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
        id="product-search"
        label="Search products"
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
