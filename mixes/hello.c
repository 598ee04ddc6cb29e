/* The program each devbox user compiles: seed 000's "cc hello.c". */
#include <stdio.h>

int
main(void)
{
	printf("hello, world\n");
	return 0;
}
