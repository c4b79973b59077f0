// The interpolation kernel in WebAssembly's text format. The scan is written once and
// given twice: for templates in one byte per character (ASCII) and in two (UTF-16, for
// everything else), so each reads its characters with plain loads. See
// source/core/interpolate/bulk.ts for the memory layout and the rules the kernel keeps.

const characters = {quote: 34, backslash: 92, open: 123, close: 125};

/** The functions that read the template, for characters of `width` bytes (1 or 2). */
function scanFunctions(width) {
	const suffix = width === 1 ? '8' : '16';
	const load = width === 1 ? 'i32.load8_u' : 'i32.load16_u';
	const lanes = width === 1 ? 'i8x16' : 'i16x8';
	// Two characters read as one number: `}}` and `{{`.
	const pairLoad = width === 1 ? 'i32.load16_u' : 'i32.load';
	const pair = code => (width === 1 ? code * 0x101 : code * 0x1_0001);
	const units = count => count * width;
	// From a lane's index to its offset in bytes.
	const toBytes = index => (width === 1 ? index : `(i32.shl ${index} (i32.const 1))`);

	return `
  ;; Whether the character right before $at is $code.
  (func $before${suffix} (param $at i32) (param $code i32) (result i32)
    (if (result i32) (local.get $at)
      (then (i32.eq (${load} (i32.sub (local.get $at) (i32.const ${width}))) (local.get $code)))
      (else (i32.const 0))))

  ;; Whether an odd run of backslashes stands right before $at.
  (func $escaped${suffix} (param $at i32) (result i32)
    (local $b i32)
    (local.set $b (i32.sub (local.get $at) (i32.const ${width})))
    (block $done
      (loop $back
        (br_if $done (i32.lt_s (local.get $b) (i32.const 0)))
        (br_if $done (i32.ne (${load} (local.get $b)) (i32.const ${characters.backslash})))
        (local.set $b (i32.sub (local.get $b) (i32.const ${width})))
        (br $back)))
    (i32.and (i32.shr_u (i32.sub (i32.sub (local.get $at) (i32.const ${width})) (local.get $b)) (i32.const ${width - 1})) (i32.const 1)))

  ;; The placeholder whose {{ opens at $open; $inside is whether the quotes before it leave
  ;; it inside a JSON string. Returns the offset just past it, or -1 when the scan must give
  ;; up: an escaped {{, one that never closes or that another opens inside, a JSON position
  ;; the quotes do not settle, too many keys, or no room for another record.
  (func $placeholder${suffix} (param $n i32) (param $open i32) (param $json i32) (param $inside i32) (result i32)
    (local $j i32) (local $x i32) (local $pos i32) (local $len i32) (local $h i32)
    (local $slot i32) (local $k i32) (local $kp i32) (local $start i32) (local $v v128)
    (local $closes i32) (local $word i64) (local $short i32)
    (if (call $before${suffix} (local.get $open) (i32.const ${characters.backslash}))
      (then (return (i32.const -1))))
    (local.set $start (i32.add (local.get $open) (i32.const ${units(2)})))
    ;; A }} within the next 16 bytes, with no { before it, is found at once.
    (local.set $v (v128.load (local.get $start)))
    (local.set $closes (${lanes}.bitmask (${lanes}.eq (local.get $v) (${lanes}.splat (i32.const ${characters.close})))))
    (local.set $x (i32.ctz (local.get $closes)))
    (local.set $j (i32.add (local.get $start) ${toBytes('(local.get $x)')}))
    (if (i32.eqz
          (i32.and
            (i32.and (i32.ne (local.get $closes) (i32.const 0))
                     (i32.eq (${load} offset=${width} (local.get $j)) (i32.const ${characters.close})))
            (i32.eqz (i32.and (${lanes}.bitmask (${lanes}.eq (local.get $v) (${lanes}.splat (i32.const ${characters.open}))))
                              (i32.sub (i32.shl (i32.const 1) (local.get $x)) (i32.const 1))))))
      (then
        (local.set $j (local.get $start))
        (block $found
          (loop $seek
            (if (i32.ge_u (i32.add (local.get $j) (i32.const ${width})) (local.get $n)) (then (return (i32.const -1))))
            (local.set $x (${pairLoad} (local.get $j)))
            (br_if $found (i32.eq (local.get $x) (i32.const ${pair(characters.close)})))
            (if (i32.eq (local.get $x) (i32.const ${pair(characters.open)})) (then (return (i32.const -1))))
            (local.set $j (i32.add (local.get $j) (i32.const ${width})))
            (br $seek)))))
    (if (local.get $json)
      (then
        (if (call $before${suffix} (local.get $open) (i32.const ${characters.quote}))
          (then
            (if (i32.eqz (local.get $inside)) (then (return (i32.const -1))))
            (local.set $pos (i32.const 1)))
          (else (local.set $pos (select (i32.const 1) (i32.const 2) (local.get $inside)))))))
    (call $key (local.get $open) (local.get $start) (i32.sub (local.get $j) (local.get $start)) (local.get $pos))
    (if (i32.lt_s (global.get $keyCount) (i32.const 0)) (then (return (i32.const -1))))
    (i32.add (local.get $j) (i32.const ${units(2)})))

  ;; Scans the template in memory at [0, $n) bytes, followed by 16 zero bytes. Returns 1
  ;; when every placeholder is recorded, 0 when the caller must use the general scanner.
  (func (export "scan${suffix}") (param $n i32) (param $json i32) (result i32)
    (local $i i32) (local $p i32) (local $v v128) (local $braces i32) (local $quotes i32)
    (local $below i32) (local $inside i32) (local $resume i32)
    (block $end
      (loop $chunk
        (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $v (v128.load (local.get $i)))
        (local.set $braces (${lanes}.bitmask (${lanes}.eq (local.get $v) (${lanes}.splat (i32.const ${characters.open})))))
        (local.set $quotes (select (${lanes}.bitmask (${lanes}.eq (local.get $v) (${lanes}.splat (i32.const ${characters.quote})))) (i32.const 0) (local.get $json)))
        (if (i32.and
              (i32.ne (local.get $quotes) (i32.const 0))
              (i32.ne (i32.or (${lanes}.bitmask (${lanes}.eq (local.get $v) (${lanes}.splat (i32.const ${characters.backslash}))))
                              (call $before${suffix} (local.get $i) (i32.const ${characters.backslash})))
                      (i32.const 0)))
          (then
            ;; A backslash may escape a quote: each quote and brace in turn.
            (local.set $quotes (i32.or (local.get $quotes) (local.get $braces)))
            (loop $each
              (if (local.get $quotes)
                (then
                  (local.set $p (i32.add (local.get $i) ${toBytes('(i32.ctz (local.get $quotes))')}))
                  (local.set $quotes (i32.and (local.get $quotes) (i32.sub (local.get $quotes) (i32.const 1))))
                  (if (i32.eq (${load} (local.get $p)) (i32.const ${characters.quote}))
                    (then
                      (if (i32.or (i32.eqz (local.get $inside)) (i32.eqz (call $escaped${suffix} (local.get $p))))
                        (then (local.set $inside (i32.xor (local.get $inside) (i32.const 1)))))
                      (br $each)))
                  (br_if $each (i32.ne (${load} offset=${width} (local.get $p)) (i32.const ${characters.open})))
                  (local.set $resume (call $placeholder${suffix} (local.get $n) (local.get $p) (local.get $json) (local.get $inside)))
                  (if (i32.lt_s (local.get $resume) (i32.const 0)) (then (return (i32.const 0))))
                  (local.set $i (local.get $resume))
                  (br $chunk))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $chunk)))
        ;; No backslash near: every quote toggles, so only their count before each brace matters.
        (loop $each
          (if (local.get $braces)
            (then
              (local.set $p (i32.ctz (local.get $braces)))
              (local.set $braces (i32.and (local.get $braces) (i32.sub (local.get $braces) (i32.const 1))))
              (local.set $below (i32.sub (i32.shl (i32.const 1) (local.get $p)) (i32.const 1)))
              (local.set $inside (i32.xor (local.get $inside) (i32.and (i32.popcnt (i32.and (local.get $quotes) (local.get $below))) (i32.const 1))))
              (local.set $quotes (i32.and (local.get $quotes) (i32.xor (local.get $below) (i32.const -1))))
              (local.set $p (i32.add (local.get $i) ${toBytes('(local.get $p)')}))
              (br_if $each (i32.ne (${load} offset=${width} (local.get $p)) (i32.const ${characters.open})))
              (local.set $resume (call $placeholder${suffix} (local.get $n) (local.get $p) (local.get $json) (local.get $inside)))
              (if (i32.lt_s (local.get $resume) (i32.const 0)) (then (return (i32.const 0))))
              (local.set $i (local.get $resume))
              (br $chunk))))
        (local.set $inside (i32.xor (local.get $inside) (i32.and (i32.popcnt (local.get $quotes)) (i32.const 1))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $chunk)))
    (i32.const 1))
`;
}

export function kernelWat() {
	return `;; Generated by scripts/kernel-wat.js.
(module
  (memory (export "memory") 1)

  ;; Set through prepare.
  (global $records (mut i32) (i32.const 0))
  (global $recordsEnd (mut i32) (i32.const 0))
  (global $keys (mut i32) (i32.const 0))
  (global $table (mut i32) (i32.const 0))
  (global $mask (mut i32) (i32.const 0))
  (global $maxKeys (mut i32) (i32.const 0))
  ;; Where the next record goes, and how many keys there are (-1 once there is no room).
  (global $record (mut i32) (i32.const 0))
  (global $keyCount (mut i32) (i32.const 0))

  (func (export "prepare") (param $records i32) (param $recordsEnd i32) (param $keys i32) (param $table i32) (param $mask i32) (param $maxKeys i32)
    (global.set $records (local.get $records))
    (global.set $recordsEnd (local.get $recordsEnd))
    (global.set $keys (local.get $keys))
    (global.set $table (local.get $table))
    (global.set $mask (local.get $mask))
    (global.set $maxKeys (local.get $maxKeys))
    (global.set $record (local.get $records))
    (global.set $keyCount (i32.const 0))
    (memory.fill (local.get $table) (i32.const 0) (i32.shl (i32.add (local.get $mask) (i32.const 1)) (i32.const 2))))

  (func (export "keyCount") (result i32) (global.get $keyCount))

  ;; Records the placeholder at $open, whose expression is the $len bytes at $start, under
  ;; the key of its bytes and position (0 text, 1 inside a JSON string, 2 a JSON value).
  ;; An expression of 1 to 8 bytes is hashed and compared as one word. Sets $keyCount to
  ;; -1 when there are too many keys or records.
  (func $key (param $open i32) (param $start i32) (param $len i32) (param $pos i32)
    (local $x i32) (local $h i32) (local $slot i32) (local $k i32) (local $kp i32)
    (local $word i64) (local $short i32) (local $end i32)
    (local.set $end (i32.add (local.get $start) (local.get $len)))
    (local.set $short (i32.and (i32.ne (local.get $len) (i32.const 0)) (i32.le_u (local.get $len) (i32.const 8))))
    (if (local.get $short)
      (then
        (local.set $word (i64.and (i64.load (local.get $start))
                                  (i64.shr_u (i64.const -1) (i64.extend_i32_u (i32.sub (i32.const 64) (i32.shl (local.get $len) (i32.const 3)))))))
        (local.set $h (i32.wrap_i64 (i64.shr_u (i64.mul (local.get $word) (i64.const 0x9E3779B97F4A7C15)) (i64.const 32)))))
      (else
        (local.set $h (i32.const 0x811c9dc5))
        (local.set $x (local.get $start))
        (block $hashed
          (loop $hash
            (br_if $hashed (i32.ge_u (local.get $x) (local.get $end)))
            (local.set $h (i32.mul (i32.xor (local.get $h) (i32.load8_u (local.get $x))) (i32.const 0x01000193)))
            (local.set $x (i32.add (local.get $x) (i32.const 1)))
            (br $hash)))))
    (local.set $h (i32.xor (local.get $h) (i32.add (i32.shl (local.get $pos) (i32.const 8)) (local.get $len))))
    (local.set $slot (i32.and (local.get $h) (global.get $mask)))
    (block $have
      (loop $probe
        (local.set $k (i32.load (i32.add (global.get $table) (i32.shl (local.get $slot) (i32.const 2)))))
        (if (i32.eqz (local.get $k))
          (then
            (if (i32.ge_u (global.get $keyCount) (global.get $maxKeys))
              (then
                (global.set $keyCount (i32.const -1))
                (return)))
            (local.set $k (global.get $keyCount))
            (local.set $kp (i32.add (global.get $keys) (i32.shl (local.get $k) (i32.const 5))))
            (i32.store (local.get $kp) (local.get $start))
            (i32.store offset=4 (local.get $kp) (local.get $len))
            (i32.store offset=8 (local.get $kp) (local.get $pos))
            (i32.store offset=12 (local.get $kp) (i32.const 0))
            (i64.store offset=24 (local.get $kp) (local.get $word))
            (global.set $keyCount (i32.add (local.get $k) (i32.const 1)))
            (i32.store (i32.add (global.get $table) (i32.shl (local.get $slot) (i32.const 2))) (global.get $keyCount))
            (br $have)))
        (local.set $k (i32.sub (local.get $k) (i32.const 1)))
        (local.set $kp (i32.add (global.get $keys) (i32.shl (local.get $k) (i32.const 5))))
        (if (i32.and (i32.eq (i32.load offset=8 (local.get $kp)) (local.get $pos))
                     (i32.eq (i32.load offset=4 (local.get $kp)) (local.get $len)))
          (then
            (if (local.get $short)
              (then (br_if $have (i64.eq (i64.load offset=24 (local.get $kp)) (local.get $word))))
              (else
                (local.set $x (i32.const 0))
                (block $differ
                  (loop $compare
                    (br_if $have (i32.ge_u (local.get $x) (local.get $len)))
                    (br_if $differ (i32.ne (i32.load8_u (i32.add (i32.load (local.get $kp)) (local.get $x)))
                                          (i32.load8_u (i32.add (local.get $start) (local.get $x)))))
                    (local.set $x (i32.add (local.get $x) (i32.const 1)))
                    (br $compare)))))))
        (local.set $slot (i32.and (i32.add (local.get $slot) (i32.const 1)) (global.get $mask)))
        (br $probe)))
    (i32.store offset=12 (local.get $kp) (i32.add (i32.load offset=12 (local.get $kp)) (i32.const 1)))
    (if (i32.ge_u (global.get $record) (global.get $recordsEnd))
      (then
        (global.set $keyCount (i32.const -1))
        (return)))
    (i32.store (global.get $record) (local.get $open))
    (i32.store offset=4 (global.get $record) (local.get $k))
    (global.set $record (i32.add (global.get $record) (i32.const 8))))
${scanFunctions(1)}${scanFunctions(2)}
  ;; Copies $len bytes from $from to $to, 16 at a time: it may write up to 15 bytes past the
  ;; end, which the next copy overwrites (the caller leaves room after the output).
  (func $copy (param $to i32) (param $from i32) (param $len i32)
    (if (i32.gt_u (local.get $len) (i32.const 256))
      (then
        (memory.copy (local.get $to) (local.get $from) (local.get $len))
        (return)))
    (block $done
      (loop $each
        (br_if $done (i32.le_s (local.get $len) (i32.const 0)))
        (v128.store (local.get $to) (v128.load (local.get $from)))
        (local.set $to (i32.add (local.get $to) (i32.const 16)))
        (local.set $from (i32.add (local.get $from) (i32.const 16)))
        (local.set $len (i32.sub (local.get $len) (i32.const 16)))
        (br $each))))

  ;; Writes the output at $out: the template's runs between placeholders (each placeholder
  ;; is its expression and 4 braces of $width bytes), and each key's text (its offset and
  ;; length at bytes 16 and 20 of the key). Returns where the output ends.
  (func (export "build") (param $n i32) (param $width i32) (param $out i32) (result i32)
    (local $o i32) (local $copied i32) (local $r i32) (local $open i32) (local $kp i32) (local $len i32)
    (local.set $o (local.get $out))
    (local.set $r (global.get $records))
    (block $end
      (loop $next
        (br_if $end (i32.ge_u (local.get $r) (global.get $record)))
        (local.set $open (i32.load (local.get $r)))
        (local.set $kp (i32.add (global.get $keys) (i32.shl (i32.load offset=4 (local.get $r)) (i32.const 5))))
        (local.set $len (i32.sub (local.get $open) (local.get $copied)))
        (call $copy (local.get $o) (local.get $copied) (local.get $len))
        (local.set $o (i32.add (local.get $o) (local.get $len)))
        (local.set $len (i32.load offset=20 (local.get $kp)))
        (call $copy (local.get $o) (i32.load offset=16 (local.get $kp)) (local.get $len))
        (local.set $o (i32.add (local.get $o) (local.get $len)))
        (local.set $copied (i32.add (i32.add (local.get $open) (i32.shl (local.get $width) (i32.const 2))) (i32.load offset=4 (local.get $kp))))
        (local.set $r (i32.add (local.get $r) (i32.const 8)))
        (br $next)))
    (local.set $len (i32.sub (local.get $n) (local.get $copied)))
    (memory.copy (local.get $o) (local.get $copied) (local.get $len))
    (i32.add (local.get $o) (local.get $len)))
)
`;
}
