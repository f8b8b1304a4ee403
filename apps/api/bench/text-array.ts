/** A PostgreSQL array literal of these words (none holds a quote, comma or brace), for `::text[]`. */
export const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value}"`).join(',')}}`;
