/** A label map (value → Chinese label) as the `{ value, label }` options selects and radio groups take. */
export const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
