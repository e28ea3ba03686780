#!/usr/bin/env node
// Builds dist/embedded-seed (decision 0171): a migrated embedded database that a new data dir starts as a copy of.
// Run by scripts/build.mjs after the service, from its compiled output.
import { buildEmbeddedSeed } from '../dist/src/platform/db/embedded-seed.js';

await buildEmbeddedSeed();
