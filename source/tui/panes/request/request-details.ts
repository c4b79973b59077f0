/**
`o` in the request pane: the request's auth, variables, post-response variables, assertions
and settings in `$EDITOR`, as one JSON document (see core/formats/request-details.ts). A
document curlew refuses is not lost: `o` opens it again, to correct rather than retype.
*/
import type {Collection, Request} from '../../../core/model.js';
import {readRequestDetails, writeRequestDetails} from '../../../core/formats/request-details.js';
import {change, type Step} from '../../pipeline/step.js';

export function editRequestDetails(step: Step, collection: Collection, request: Request): void {
	const text = step.state.refusedSettings[request.id] ?? writeRequestDetails(request);
	step.effect({
		type: 'editExternally',
		text,
		extension: 'json',
		then(written, next) {
			let edited: Request;
			try {
				edited = readRequestDetails(written, request);
			} catch (error) {
				next.dispatch({type: 'refusedSettings', ownerId: request.id, text: written});
				next.say(`"${request.name}" not changed (o opens your text again): ${(error as Error).message}`, 'error');
				return;
			}

			next.dispatch({type: 'refusedSettings', ownerId: request.id, text: undefined});
			const {auth, variables, postResponseVariables, asserts, settings} = edited;
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
	});
}
