import mime from 'mime-types';

/**
The Content-Type of a file by its name's extension (`photo.png` is image/png), as Postman and
Bruno (through form-data) type a file part; application/octet-stream when it says nothing.
Its own module, so that the table is loaded only when a file part needs a type.
*/
export function fileType(file: string): string {
	return mime.lookup(file) || 'application/octet-stream';
}
