/**
 * A field's error line, linked to its input through `id` / aria-describedby. The one copy for
 * the public pages and the admin: plain markup, no imports, so it adds nothing to a public route.
 */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
