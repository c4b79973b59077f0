/**
`o` in the request pane: the request's auth, variables, post-response variables, assertions
and settings in `$EDITOR`, as one JSON document (see core/formats/request-details.ts). A
document curlew refuses is not lost: `o` opens it again, to correct rather than retype.
*/
import type {Collection, Request} from '../../../core/model.js';
import {readRequestDetails, writeRequestDetails} from '../../../core/formats/request-details.js';
import {editDocument} from '../../edit-document.js';
import {change, type Step} from '../../pipeline/step.js';

export function editRequestDetails(step: Step, collection: Collection, request: Request): void {
	editDocument(step, {
		ownerId: request.id,
		written: () => writeRequestDetails(request),
		read: text => readRequestDetails(text, request),
		keep({auth, variables, postResponseVariables, asserts, settings}, next) {
			next.effect(change(({store}) => store.updateRequest(collection.id, request.id, ({auth: _auth, variables: _variables, postResponseVariables: _responseVariables, asserts: _asserts, settings: _settings, ...current}) => ({
				...current,
				...(auth === undefined ? {} : {auth}),
				...(variables === undefined ? {} : {variables}),
				...(postResponseVariables === undefined ? {} : {postResponseVariables}),
				...(asserts === undefined ? {} : {asserts}),
				...(settings === undefined ? {} : {settings}),
			}))));
			next.say(`The auth, variables, assertions and settings of "${request.name}" saved`);
		},
		refused: `"${request.name}" not changed`,
	});
}
