import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';

/** The project states one license, the same in LICENSE, package.json and the README (0120). */
describe('license', () => {
  it('is MIT in the LICENSE file, package.json and the README', async () => {
    const license = await readFile('LICENSE', 'utf8');
    assert.match(license, /^MIT License\n/);
    assert.match(license, /Permission is hereby granted, free of charge/);
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { license?: string };
    assert.equal(pkg.license, 'MIT');
    const readme = await readFile('README.md', 'utf8');
    assert.match(readme, /## License\n\nMIT \(\[LICENSE\]\(LICENSE\)\)/);
  });
});
