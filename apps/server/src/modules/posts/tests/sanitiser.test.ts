import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { sanitizePostBody } from '../posts.sanitizer';
import { writePost } from './helpers';

describe('the body sanitiser', () => {
  const clean = sanitizePostBody;

  it('removes script elements with their content', () => {
    expect(clean('<p>Hi</p><script>window.__pwned = true</script><SCRIPT src="https://evil.test/x.js"></SCRIPT>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers, style and class attributes', () => {
    expect(clean('<p onclick="steal()" style="position:fixed" class="hero">Text</p>')).toBe('<p>Text</p>');
    expect(clean('<img src="https://cdn.example.test/a.png" onerror="alert(1)" alt="A" width="1" style="x">')).toBe(
      '<img src="https://cdn.example.test/a.png" alt="A" />',
    );
  });

  it('drops an image without a trustworthy source entirely', () => {
    expect(clean('<img src="x" onerror="alert(1)">')).toBe('');
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d">')).toBe('');
    expect(clean('<img src="javascript:alert(1)">')).toBe('');
    expect(clean('<img src="//evil.test/a.png">')).toBe('');
    expect(clean('<img src="/api/other/a.png">')).toBe('');
  });

  it('keeps images from http(s) and from our own public files', () => {
    const own = '/api/files/0b8f5f3c-6a0b-4f7e-9d1e-2c9a3b4d5e6f/cover.png';
    expect(clean(`<img src="${own}" alt="Cover">`)).toBe(`<img src="${own}" alt="Cover" />`);
  });

  it('takes the address off javascript:, data: and relative links, keeping their text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>1</script>',
      '/relative',
      'vbscript:x',
    ]) {
      const out = clean(`<a href="${href}">read me</a>`);
      expect(out, href).toBe('<a>read me</a>');
    }
  });

  it('opens http(s) and mailto links in a new tab with rel="noopener noreferrer nofollow"', () => {
    expect(clean('<a href="https://example.test/a?b=1&c=2" target="_self" rel="opener" onclick="x()">Site</a>')).toBe(
      '<a href="https://example.test/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">Site</a>',
    );
    expect(clean('<a href="mailto:team@example.test">Write</a>')).toBe(
      '<a href="mailto:team@example.test" target="_blank" rel="noopener noreferrer nofollow">Write</a>',
    );
  });

  it('removes frames, SVG, objects, forms and style sheets', () => {
    expect(clean('<iframe src="https://evil.test"></iframe><p>a</p>')).toBe('<p>a</p>');
    expect(clean('<svg onload="alert(1)"><script>alert(2)</script><text>t</text></svg><p>b</p>')).toBe('<p>b</p>');
    expect(clean('<object data="x.swf"></object><embed src="x"><p>c</p>')).toBe('<p>c</p>');
    expect(clean('<style>body{display:none}</style><p>d</p>')).toBe('<p>d</p>');
    expect(clean('<form action="https://evil.test"><input name="password"><button>Go</button></form><p>e</p>')).toBe('<p>e</p>');
    expect(clean('<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=https://evil.test"><p>f</p>')).toBe('<p>f</p>');
  });

  it('keeps the allowed formatting as written', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>One <strong>bold</strong> <em>italic</em> <u>under</u> <s>struck</s><br />next</p>' +
      '<blockquote><p>Quoted</p></blockquote><ul><li>a</li></ul><ol><li>b</li></ol><pre><code>if (a &lt; b) {}</code></pre><p><code>x</code></p><hr />';
    expect(clean(html)).toBe(html);
  });

  it('maps what pasted documents use onto the same formatting', () => {
    expect(clean('<h1>Big</h1><b>b</b><i>i</i><del>d</del><h6>tiny</h6>')).toBe(
      '<h2>Big</h2><strong>b</strong><em>i</em><s>d</s><h4>tiny</h4>',
    );
  });

  it('leaves escaped text escaped', () => {
    expect(clean('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});

describe('saving a post', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp();
    admin = (await createAdmin(app)).token;
  });
  afterAll(() => app.close());

  it('stores and serves the cleaned body, on create and on update', async () => {
    const dirty =
      '<p style="color:red">Hello <strong>world</strong></p><script>window.__pwned=1</script><img src=x onerror="document.title=1">' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.test"></iframe>';
    const post = await writePost(app, admin, { title: 'Dirty', body: dirty, status: 'published' });
    const expected = '<p>Hello <strong>world</strong></p><a>click</a>';
    expect(post.body).toBe(expected);
    expect((await app.request('GET', `/api/posts/${post.slug}`)).body.data.body).toBe(expected);

    const res = await app.request('PUT', `/api/admin/posts/${post._id}`, {
      token: admin,
      body: { body: '<h2 onmouseover="x()">New</h2><svg><script>1</script></svg>' },
    });
    expect(res.body.data.body).toBe('<h2>New</h2>');
    expect((await app.request('GET', `/api/posts/${post.slug}`)).body.data.body).toBe('<h2>New</h2>');
  });

  it('builds the default summary from the text only', async () => {
    const post = await writePost(app, admin, {
      title: 'Summary',
      body: '<script>evil()</script><p>Fish &amp; chips</p><style>p{}</style>',
    });
    expect(post.excerpt).toBe('Fish & chips');
  });
});
