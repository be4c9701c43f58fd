// @vitest-environment jsdom
import type { FieldMetadata } from '@conform-to/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoInput } from './photo-input';

afterEach(cleanup);

const field = { id: 'photo', name: 'image', errors: undefined } as unknown as FieldMetadata<File | undefined>;

/** The photo field as the upload page draws it, its form's own check never answering (its code could not be loaded). */
function Unchecked() {
  const [preview, setPreview] = useState<string | null>(null);
  return (
    <PhotoInput field={field} validate={() => {}} fileRef={createRef()} preview={preview} onPreview={setPreview} chooseAgain={false} />
  );
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Photo of your build'), { target: { files: [file] } });
}

describe('the upload page’s photo field', () => {
  it('says why a photo is refused when the form’s own check could not be loaded', () => {
    render(<Unchecked />);
    choose(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('File type must be an image')).toBeTruthy();
    expect(screen.getByLabelText('Photo of your build').getAttribute('aria-describedby')).toContain('photo-error');
  });

  it('says nothing of a photo it takes, and forgets an earlier refusal', () => {
    // jsdom has no object URLs: the preview's address is made up (restored after the file, tests/support/file-hygiene.ts).
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:preview' }));
    render(<Unchecked />);
    choose(new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    choose(new File([new Uint8Array(8)], 'rig.png', { type: 'image/png' }));
    expect(screen.queryByText('File type must be an image')).toBeNull();
    expect(screen.getByAltText('Preview of the chosen photo')).toBeTruthy();
  });
});
