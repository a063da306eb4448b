/** The API's sentences for one form section, tied to its controls by `id` (aria-describedby). */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}
