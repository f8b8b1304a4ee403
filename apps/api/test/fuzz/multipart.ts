import fc from 'fast-check';
import { CONTROL_CHARS, NASTY_SNIPPETS } from './values.js';

// Multipart bodies for the upload routes: a browser's form (an optional `folder` field and one file)
// and every way to spoil one, at the level of the bytes.

export type UploadSamples = { png: Buffer; jpeg: Buffer; webp: Buffer; mp4: Buffer; webm: Buffer };

type Part = { headers: string[]; data: Buffer };

export type MultipartSpec = {
  boundary: string;
  /** The content-type header; undefined sends none. */
  contentType: string | undefined;
  parts: Part[];
  preamble: string;
  closed: boolean;
  eol: '\r\n' | '\n';
  /** Keep only this fraction of the bytes (a body cut short). */
  keep: number;
  label: string;
};

const FOLDER_VALUES = [
  'products',
  'community',
  'events',
  'stays',
  'sample',
  '../products',
  '../../../../tmp',
  'products/../../x',
  '..\\..\\x',
  '%2e%2e%2f',
  'products\u0000',
  '\u0000',
  '',
  ' products',
  '/etc',
  'x'.repeat(300),
];

const FILENAMES = [
  'photo.png',
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  'a\u0000.png',
  '',
  '.htaccess',
  'x'.repeat(1000) + '.png',
  '😀.png',
  'a"b.png',
  'a;b.png',
  'name\r\nX-Injected: 1.png',
  ...NASTY_SNIPPETS.slice(0, 6),
];

const PART_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'text/plain',
  'application/octet-stream',
  '',
  'image/svg+xml',
  'x',
];

const disposition = (name: string, filename?: string) =>
  `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;

const field = (name: string, value: string): Part => ({
  headers: [disposition(name)],
  data: Buffer.from(value),
});
const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png', name = 'file'): Part => ({
  headers: [disposition(name, filename), `Content-Type: ${contentType}`],
  data,
});

/** The bytes as sent, and the content-type header. */
export function encodeMultipart(spec: MultipartSpec): { payload: Buffer; contentType: string | undefined } {
  const { eol, boundary } = spec;
  const chunks: Buffer[] = [Buffer.from(spec.preamble)];
  for (const part of spec.parts) {
    chunks.push(
      Buffer.from(`--${boundary}${eol}${part.headers.map((header) => header + eol).join('')}${eol}`),
    );
    chunks.push(part.data, Buffer.from(eol));
  }
  if (spec.closed) chunks.push(Buffer.from(`--${boundary}--${eol}`));
  const whole = Buffer.concat(chunks);
  return { payload: whole.subarray(0, Math.ceil(whole.length * spec.keep)), contentType: spec.contentType };
}

/** Valid bytes of the kind the route takes, or magic bytes followed by junk. */
function fileBytes(samples: UploadSamples, video: boolean): fc.Arbitrary<{ data: Buffer; label: string }> {
  const valid = video ? [samples.mp4, samples.webm] : [samples.png, samples.jpeg, samples.webp];
  const magic = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0xff, 0xd8, 0xff]),
    Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP', 'latin1'),
    Buffer.from('\u0000\u0000\u0000\u0018ftypmp42', 'latin1'),
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  ];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...valid).map((data) => ({ data, label: 'a valid file' })) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 2000 }))
        .map(([head, junk]) => ({ data: Buffer.concat([head, junk]), label: 'magic bytes then junk' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...valid), fc.nat())
        .map(([data, cut]) => ({ data: data.subarray(0, cut % data.length), label: 'a file cut short' })),
    },
    { weight: 1, arbitrary: fc.constant({ data: Buffer.alloc(0), label: 'an empty file' }) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 500 })
        .map((bytes) => ({ data: Buffer.from(bytes), label: 'random bytes' })),
    },
  );
}

/** One spoiling of a valid form. */
type Spoil = { label: string; apply(spec: MultipartSpec): MultipartSpec };

function spoils(samples: UploadSamples, video: boolean): fc.Arbitrary<Spoil> {
  const boundaryless = fc.constantFrom(
    'multipart/form-data',
    'multipart/form-data;',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    'multipart/form-data; charset=utf-8',
    'multipart/mixed',
    'multipart/form-data; boundary=other',
    'multipart/form-data; boundary="unterminated',
    'multipart/form-data; boundary=' + 'b'.repeat(200),
  );
  return fc.oneof(
    boundaryless.map((contentType) => ({
      label: `content-type ${JSON.stringify(contentType)}`,
      apply: (spec: MultipartSpec) => ({ ...spec, contentType }),
    })),
    fc.constant({
      label: 'no content-type',
      apply: (spec: MultipartSpec) => ({ ...spec, contentType: undefined }),
    }),
    // Anywhere in the body, not mostly at its start (fast-check favours small numbers).
    fc
      .noBias(fc.nat({ max: 999 }))
      .map((permille) => permille / 1000)
      .map((keep) => ({
        label: `cut short at ${(keep * 100).toFixed(1)}%`,
        apply: (spec: MultipartSpec) => ({ ...spec, keep }),
      })),
    fc.constant({
      label: 'boundary never closes',
      apply: (spec: MultipartSpec) => ({ ...spec, closed: false }),
    }),
    fileBytes(samples, video).map(({ data, label }) => ({
      label: `two files (second: ${label})`,
      apply: (spec: MultipartSpec) => ({
        ...spec,
        parts: [...spec.parts, file(data, 'second.png', 'image/png', 'file2')],
      }),
    })),
    fc.constantFrom(201, 5_000, 100_000).map((length) => ({
      label: `a ${length}-character field`,
      apply: (spec: MultipartSpec) => ({
        ...spec,
        parts: [field('folder', 'x'.repeat(length)), ...spec.parts],
      }),
    })),
    fc.constant({
      label: 'no file part',
      apply: (spec: MultipartSpec) => ({
        ...spec,
        parts: spec.parts.filter((part) => !part.headers[0]?.includes('filename')),
      }),
    }),
    fc
      .constantFrom(['__proto__', 'x'], ['constructor', 'x'], ['folder', '{"json": '])
      .map(([name, value]) => ({
        label: `field ${name} = ${JSON.stringify(value)}${name === 'folder' ? ' typed application/json' : ''}`,
        apply: (spec: MultipartSpec) => ({
          ...spec,
          parts: [
            {
              headers: [
                disposition(name ?? ''),
                ...(name === 'folder' ? ['Content-Type: application/json'] : []),
              ],
              data: Buffer.from(value ?? ''),
            },
            ...spec.parts,
          ],
        }),
      })),
    fc.constant({
      label: 'seven fields',
      apply: (spec: MultipartSpec) => ({
        ...spec,
        parts: [...Array.from({ length: 7 }, (_, i) => field(`f${i}`, 'v')), ...spec.parts],
      }),
    }),
    fc.constantFrom(...FOLDER_VALUES).map((folder) => ({
      label: `folder ${JSON.stringify(folder.slice(0, 40))}`,
      apply: (spec: MultipartSpec) => ({
        ...spec,
        parts: [
          field('folder', folder),
          ...spec.parts.filter((part) => !part.headers[0]?.includes('"folder"')),
        ],
      }),
    })),
    fc.constant({
      label: 'folder after the file',
      apply: (spec: MultipartSpec) => ({ ...spec, parts: [...spec.parts, field('folder', '../../x')] }),
    }),
    fc
      .tuple(fc.constantFrom(...FILENAMES), fc.constantFrom(...PART_CONTENT_TYPES))
      .map(([filename, contentType]) => ({
        label: `file named ${JSON.stringify(filename.slice(0, 40))} as ${JSON.stringify(contentType)}`,
        apply: (spec: MultipartSpec) => ({
          ...spec,
          parts: spec.parts.map((part) =>
            part.headers[0]?.includes('filename') ? file(part.data, filename, contentType) : part,
          ),
        }),
      })),
    fc
      .constantFrom<string[]>(
        [],
        ['Content-Disposition: form-data'],
        ['Content-Disposition: attachment; filename="a.png"'],
        ['Content-Disposition: form-data; name=file; filename=a.png'],
        ['Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%E2%82%AC%00.png'],
        [
          'Content-Disposition: form-data; name="file"; filename="a.png"',
          'Content-Transfer-Encoding: base64',
        ],
        ['X'.repeat(20_000)],
        ['Content-Disposition: form-data; name="file"; filename="a.png"\u0000'],
      )
      .map((headers) => ({
        label: `part headers ${JSON.stringify(headers).slice(0, 80)}`,
        apply: (spec: MultipartSpec) => ({
          ...spec,
          parts: spec.parts.map((part) =>
            part.headers[0]?.includes('filename') ? { headers, data: part.data } : part,
          ),
        }),
      })),
    fc
      .constantFrom('\n' as const)
      .map((eol) => ({ label: 'LF line endings', apply: (spec: MultipartSpec) => ({ ...spec, eol }) })),
    fc
      .constantFrom('garbage before the first boundary\r\n', '--', '\r\n\r\n', CONTROL_CHARS.join(''))
      .map((preamble) => ({
        label: `preamble ${JSON.stringify(preamble)}`,
        apply: (spec: MultipartSpec) => ({ ...spec, preamble }),
      })),
    fc
      .constantFrom('', 'a b', '"quoted"', 'x'.repeat(71), 'x'.repeat(300), '--', '\u00e9')
      .map((boundary) => ({
        label: `boundary ${JSON.stringify(boundary.slice(0, 20))}${boundary.length > 20 ? ` (${boundary.length} chars)` : ''}`,
        apply: (spec: MultipartSpec) => ({
          ...spec,
          boundary,
          contentType: `multipart/form-data; boundary=${boundary}`,
        }),
      })),
  );
}

/** A multipart body for an upload route: a valid form, spoilt in up to three ways. */
export function multipartSpec(
  samples: UploadSamples,
  options: { video: boolean; folder: string },
): fc.Arbitrary<MultipartSpec> {
  const boundary = '----sokonifuzz7MA4YWxkTrZu0gW';
  const valid = fc
    .tuple(fileBytes(samples, options.video), fc.boolean())
    .map(([bytes, withFolder]): MultipartSpec => ({
      boundary,
      contentType: `multipart/form-data; boundary=${boundary}`,
      parts: [...(withFolder ? [field('folder', options.folder)] : []), file(bytes.data)],
      preamble: '',
      closed: true,
      eol: '\r\n',
      keep: 1,
      label: bytes.label,
    }));
  return fc
    .tuple(valid, fc.array(spoils(samples, options.video), { maxLength: 3 }))
    .map(([spec, applied]) =>
      applied.reduce(
        (current, spoil) => ({ ...spoil.apply(current), label: `${current.label}; ${spoil.label}` }),
        spec,
      ),
    );
}
