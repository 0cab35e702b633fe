/** An inline message tied to its field; role="alert" so it is heard as it appears. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <p id={id} className="auth-error" role="alert">
      {message}
    </p>
  );
}
