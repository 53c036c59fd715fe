export function AdminPlaceholder({ title }: { title: string }) {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
    </main>
  );
}
