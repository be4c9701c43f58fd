const guidelines = {
  allowed: [
    'Clear photos of your PC build and its components',
    'Desktop setups where the case is visible',
    'Close-ups of cooling, RGB, cable work and other features',
  ],
  prohibited: ['People or faces', 'Offensive, harmful or NSFW material', 'Anything unrelated to PC builds'],
};

/** What a photo may show, beside the upload form. */
export function Guidelines() {
  return (
    <aside className="panel h-fit p-6 text-sm" aria-labelledby="guidelines-title">
      <h2 id="guidelines-title" className="font-bold uppercase tracking-widest text-muted">
        Content guidelines
      </h2>
      <h3 className="mt-4 font-bold text-neon-lime">Allowed</h3>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted">
        {guidelines.allowed.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h3 className="mt-4 font-bold text-danger">Prohibited</h3>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted">
        {guidelines.prohibited.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-4 text-muted">All uploads are screened automatically. Repeated violations may restrict your account.</p>
    </aside>
  );
}
