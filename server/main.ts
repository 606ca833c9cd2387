/** `npm start`: runs the Parlor server with every registered game on PORT (default 2567). */
import { saveCompileCache } from './compile-cache'; // first: what follows loads from the cache
import { serve } from './serve';

serve({ listening: saveCompileCache });
