/**
 * Jest setup (setupFilesAfterEnv): closes the test file's PGlite after its tests, if it opened
 * one (support/database.ts testFileDatabase). An open PGlite keeps the process alive: jest would
 * not exit after the run.
 */
import { closeTestFileDatabase } from './database';

afterAll(() => closeTestFileDatabase());
