/**
Dynamic variables: `{{$name}}`, computed afresh for each placeholder.

The time and identifier ones are built in. The rest of the Postman/Bruno list is served by
faker, which is loaded on the first placeholder that needs it, so start-up never pays
for it.
*/
import {randomInt, randomUUID} from 'node:crypto';
import {createRequire} from 'node:module';
import type {Value} from '../values.js';

type Faker = typeof import('@faker-js/faker').faker;
type Generator = () => Value;

const builtIn: Record<string, Generator> = {
	guid: () => randomUUID(),
	randomUUID: () => randomUUID(),
	timestamp: () => Math.floor(Date.now() / 1000),
	// A date, so it reads as the ISO text anywhere and is quoted outside quotes in a JSON body.
	isoTimestamp: () => new Date(),
	randomInt: () => randomInt(0, 1001),
	randomBoolean: () => randomInt(0, 2) === 1,
};

/* The Postman/Bruno names, each mapped to the faker call that makes such a value. */
const fromFaker: Record<string, (faker: Faker) => Value> = {
	randomNanoId: faker => faker.string.nanoid(),
	randomAlphaNumeric: faker => faker.string.alphanumeric(),
	randomColor: faker => faker.color.human(),
	randomHexColor: faker => faker.color.rgb(),
	randomAbbreviation: faker => faker.hacker.abbreviation(),
	randomIP: faker => faker.internet.ip(),
	randomIPV4: faker => faker.internet.ipv4(),
	randomIPV6: faker => faker.internet.ipv6(),
	randomMACAddress: faker => faker.internet.mac(),
	randomPassword: faker => faker.internet.password(),
	randomLocale: faker => faker.location.countryCode('alpha-2').toLowerCase(),
	randomUserAgent: faker => faker.internet.userAgent(),
	randomProtocol: faker => faker.internet.protocol(),
	randomSemver: faker => faker.system.semver(),
	randomFirstName: faker => faker.person.firstName(),
	randomLastName: faker => faker.person.lastName(),
	randomFullName: faker => faker.person.fullName(),
	randomNamePrefix: faker => faker.person.prefix(),
	randomNameSuffix: faker => faker.person.suffix(),
	randomJobArea: faker => faker.person.jobArea(),
	randomJobDescriptor: faker => faker.person.jobDescriptor(),
	randomJobTitle: faker => faker.person.jobTitle(),
	randomJobType: faker => faker.person.jobType(),
	randomPhoneNumber: faker => faker.phone.number({style: 'national'}),
	randomPhoneNumberExt: faker => faker.phone.number({style: 'international'}),
	randomCity: faker => faker.location.city(),
	randomStreetName: faker => faker.location.street(),
	randomStreetAddress: faker => faker.location.streetAddress(),
	randomCountry: faker => faker.location.country(),
	randomCountryCode: faker => faker.location.countryCode(),
	randomLatitude: faker => faker.location.latitude(),
	randomLongitude: faker => faker.location.longitude(),
	randomAvatarImage: faker => faker.image.avatar(),
	randomImageUrl: faker => faker.image.url(),
	randomAbstractImage: faker => faker.image.url(),
	randomAnimalsImage: faker => faker.image.url(),
	randomBusinessImage: faker => faker.image.url(),
	randomCatsImage: faker => faker.image.url(),
	randomCityImage: faker => faker.image.url(),
	randomFoodImage: faker => faker.image.url(),
	randomNightlifeImage: faker => faker.image.url(),
	randomFashionImage: faker => faker.image.url(),
	randomPeopleImage: faker => faker.image.url(),
	randomNatureImage: faker => faker.image.url(),
	randomSportsImage: faker => faker.image.url(),
	randomTransportImage: faker => faker.image.url(),
	randomImageDataUri: faker => faker.image.dataUri(),
	randomBankAccount: faker => faker.finance.accountNumber(),
	randomBankAccountName: faker => faker.finance.accountName(),
	randomCreditCardMask: faker => faker.string.numeric(4),
	randomBankAccountBic: faker => faker.finance.bic(),
	randomBankAccountIban: faker => faker.finance.iban(),
	randomTransactionType: faker => faker.finance.transactionType(),
	randomCurrencyCode: faker => faker.finance.currencyCode(),
	randomCurrencyName: faker => faker.finance.currencyName(),
	randomCurrencySymbol: faker => faker.finance.currencySymbol(),
	randomBitcoin: faker => faker.finance.bitcoinAddress(),
	randomCompanyName: faker => faker.company.name(),
	randomCompanySuffix: faker => faker.company.name().split(' ').at(-1) ?? 'Inc',
	randomBs: faker => faker.company.buzzPhrase(),
	randomBsAdjective: faker => faker.company.buzzAdjective(),
	randomBsBuzz: faker => faker.company.buzzVerb(),
	randomBsNoun: faker => faker.company.buzzNoun(),
	randomCatchPhrase: faker => faker.company.catchPhrase(),
	randomCatchPhraseAdjective: faker => faker.company.catchPhraseAdjective(),
	randomCatchPhraseDescriptor: faker => faker.company.catchPhraseDescriptor(),
	randomCatchPhraseNoun: faker => faker.company.catchPhraseNoun(),
	randomDatabaseColumn: faker => faker.database.column(),
	randomDatabaseType: faker => faker.database.type(),
	randomDatabaseCollation: faker => faker.database.collation(),
	randomDatabaseEngine: faker => faker.database.engine(),
	randomDateFuture: faker => faker.date.future(),
	randomDatePast: faker => faker.date.past(),
	randomDateRecent: faker => faker.date.recent(),
	randomWeekday: faker => faker.date.weekday(),
	randomMonth: faker => faker.date.month(),
	randomDomainName: faker => faker.internet.domainName(),
	randomDomainSuffix: faker => faker.internet.domainSuffix(),
	randomDomainWord: faker => faker.internet.domainWord(),
	randomEmail: faker => faker.internet.email(),
	randomExampleEmail: faker => faker.internet.exampleEmail(),
	randomUserName: faker => faker.internet.username(),
	randomUrl: faker => faker.internet.url(),
	randomFileName: faker => faker.system.fileName(),
	randomFileType: faker => faker.system.fileType(),
	randomFileExt: faker => faker.system.fileExt(),
	randomCommonFileName: faker => faker.system.commonFileName(),
	randomCommonFileType: faker => faker.system.commonFileType(),
	randomCommonFileExt: faker => faker.system.commonFileExt(),
	randomFilePath: faker => faker.system.filePath(),
	randomDirectoryPath: faker => faker.system.directoryPath(),
	randomMimeType: faker => faker.system.mimeType(),
	randomPrice: faker => faker.commerce.price(),
	randomProduct: faker => faker.commerce.product(),
	randomProductAdjective: faker => faker.commerce.productAdjective(),
	randomProductMaterial: faker => faker.commerce.productMaterial(),
	randomProductName: faker => faker.commerce.productName(),
	randomDepartment: faker => faker.commerce.department(),
	randomNoun: faker => faker.hacker.noun(),
	randomVerb: faker => faker.hacker.verb(),
	randomIngverb: faker => faker.hacker.ingverb(),
	randomAdjective: faker => faker.hacker.adjective(),
	randomWord: faker => faker.word.sample(),
	randomWords: faker => faker.word.words(),
	randomPhrase: faker => faker.hacker.phrase(),
	randomLoremWord: faker => faker.lorem.word(),
	randomLoremWords: faker => faker.lorem.words(),
	randomLoremSentence: faker => faker.lorem.sentence(),
	randomLoremSentences: faker => faker.lorem.sentences(),
	randomLoremParagraph: faker => faker.lorem.paragraph(),
	randomLoremParagraphs: faker => faker.lorem.paragraphs(),
	randomLoremText: faker => faker.lorem.text(),
	randomLoremSlug: faker => faker.lorem.slug(),
	randomLoremLines: faker => faker.lorem.lines(),
};

export const dynamicVariableNames: readonly string[] = [...Object.keys(builtIn), ...Object.keys(fromFaker)];

let loadedFaker: Faker | undefined;

function faker(): Faker {
	loadedFaker ??= (createRequire(import.meta.url)('@faker-js/faker/locale/en') as {faker: Faker}).faker;
	return loadedFaker;
}

/** @returns a fresh value for `$name`, or `undefined` when no dynamic variable has that name. */
export function dynamicValue(name: string): Value | undefined {
	if (Object.hasOwn(builtIn, name)) {
		return builtIn[name]!();
	}

	if (Object.hasOwn(fromFaker, name)) {
		return fromFaker[name]!(faker());
	}

	return undefined;
}
