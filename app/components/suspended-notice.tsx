/** Said instead of a form to a suspended member: "Your account is suspended until …". */
export function SuspendedNotice({ message, className = '' }: { message: string; className?: string }) {
  return (
    <p role="status" className={`panel border-flame p-4 font-bold text-flame ${className}`}>
      {message}
    </p>
  );
}
