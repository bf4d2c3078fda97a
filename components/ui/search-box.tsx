/**
 * The search field of a list that asks as one types: the list debounces the text
 * (components/clients/use-debounced-value.ts) and passes it unchanged as `q`; the API folds letter case
 * and accents (db/search.ts).
 */
export function SearchBox({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="filters" role="search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
