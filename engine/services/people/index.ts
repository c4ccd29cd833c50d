// The door of engine/services/people/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { readContacts, siteSettingsForEdit, updateContactsSettings } from './contacts';
export { createPerson, deletePerson, PERSON_PERMS, updatePerson } from './persons';
export { createTaxonomyTerm, deleteTaxonomyTerm, mergeTaxonomyTerms, taxonomyExportCsv, updateTaxonomyTerm } from './taxonomy';
