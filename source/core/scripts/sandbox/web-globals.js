/*
The browser globals that Postman's and Bruno's sandboxes give scripts, and that the bundled
libraries look for: atob and btoa (also what require('atob') and require('btoa') give), and
crypto.getRandomValues and crypto.randomUUID, whose bytes come from the host's secure random
source (uuid, nanoid and crypto-js draw on it).
*/
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function makeWebGlobals({fail, random}) {
	const NativeString = String;
	const {fromCharCode} = String;
	const NativeUint8Array = Uint8Array;
	const {isView} = ArrayBuffer;

	function btoa(data) {
		const text = NativeString(data);
		let encoded = '';
		for (let index = 0; index < text.length; index += 3) {
			const codes = [text.charCodeAt(index), text.charCodeAt(index + 1), text.charCodeAt(index + 2)];
			for (const code of codes) {
				if (code > 0xFF) {
					fail('InvalidCharacterError', 'btoa can encode only characters up to U+00FF (Latin-1); encode other text as UTF-8 first, such as CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse(text))');
				}
			}

			const [a, b, c] = codes;
			const bits = (a << 16) | ((b || 0) << 8) | (c || 0);
			encoded += alphabet[bits >> 18] + alphabet[(bits >> 12) & 63];
			encoded += index + 1 < text.length ? alphabet[(bits >> 6) & 63] : '=';
			encoded += index + 2 < text.length ? alphabet[bits & 63] : '=';
		}

		return encoded;
	}

	function atob(data) {
		const text = NativeString(data).replace(/[\t\n\f\r ]/g, '');
		const unpadded = text.length % 4 === 0 ? text.replace(/={1,2}$/, '') : text;
		if (unpadded.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(unpadded)) {
			fail('InvalidCharacterError', 'atob was given text that is not base64');
		}

		let decoded = '';
		let bits = 0;
		let count = 0;
		for (const character of unpadded) {
			bits = (bits << 6) | alphabet.indexOf(character);
			count += 6;
			if (count >= 8) {
				count -= 8;
				decoded += fromCharCode((bits >> count) & 0xFF);
			}
		}

		return decoded;
	}

	function getRandomValues(array) {
		if (!isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
			fail('TypeMismatchError', 'crypto.getRandomValues needs an integer typed array, such as new Uint8Array(16)');
		}

		if (array.byteLength > 65_536) {
			fail('QuotaExceededError', 'crypto.getRandomValues gives at most 65,536 bytes at a time');
		}

		const bytes = new NativeUint8Array(array.buffer, array.byteOffset, array.byteLength);
		const hex = random(array.byteLength);
		for (let index = 0; index < bytes.length; index++) {
			bytes[index] = Number.parseInt(hex.slice(index * 2, (index * 2) + 2), 16);
		}

		return array;
	}

	function randomUUID() {
		const hex = random(16).split('');
		// Version 4, variant 10xx (RFC 9562).
		hex[12] = '4';
		hex[16] = '89ab'[Number.parseInt(hex[16], 16) & 3];
		const text = hex.join('');
		return text.slice(0, 8) + '-' + text.slice(8, 12) + '-' + text.slice(12, 16) + '-' + text.slice(16, 20) + '-' + text.slice(20);
	}

	return {atob, btoa, crypto: Object.freeze({getRandomValues, randomUUID})};
}
